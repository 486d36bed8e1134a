import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import { lengthAwarePage, simplePage } from '../orm-support/page-source'

const SUPPORTED = 'a Prisma model delegate (prisma.post), with findMany() and count()'

/**
 * The parts of a Prisma model delegate (`prisma.post`) the adapter uses, duck-typed so that
 * `api-resources/prisma` never loads `@prisma/client`. Prisma returns lazy `PrismaPromise`s (they
 * run when awaited, and are not `instanceof Promise`): any thenable is accepted.
 */
export interface PrismaDelegateLike<T, A extends PrismaFindManyArgs = PrismaFindManyArgs> {
  findMany(args: A): PromiseLike<T[]>
  count(args: { where?: A['where'] }): PromiseLike<unknown>
}

/** The `findMany()` arguments the adapter reads: `where` is counted, `skip`/`take` are its own. */
export interface PrismaFindManyArgs {
  where?: unknown
  skip?: number
  take?: number
  cursor?: unknown
  [key: string]: unknown
}

type ArgsOf<D> = D extends { findMany(args: infer A): unknown } ? NonNullable<A> : never
type RowOf<D> = D extends { findMany(args: never): PromiseLike<(infer T)[]> } ? T : never

function assertDelegate(
  fn: string,
  delegate: unknown,
): asserts delegate is PrismaDelegateLike<unknown> {
  const d = delegate as Partial<PrismaDelegateLike<unknown>> | null
  if (typeof d !== 'object' || d === null || typeof d.findMany !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, delegate)
  if (fn === 'paginate' && typeof d.count !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, delegate)
}

function windowOf<T>(delegate: PrismaDelegateLike<T>, args: PrismaFindManyArgs) {
  // a cursor pages by itself: skip/take would move from it, not from the start
  if (args.cursor !== undefined)
    throw UnsupportedQueryError.unsupportedQuery(
      'paginate',
      'findMany() arguments without a cursor',
      args,
    )
  return async (offset: number, limit: number): Promise<T[]> =>
    await delegate.findMany({ ...args, skip: offset, take: limit })
}

/**
 * A page of `delegate.findMany(args)`: `delegate.count({ where: args.where })` for the total, then
 * `findMany` with `skip`/`take` for the page (skipped when it is empty). `include`, `select`,
 * `orderBy` and the rest of `args` are kept: relations loaded with `include` are plain properties
 * of the rows, and `_count: { select: { comments: true } }` is what `whenCounted('comments')` reads.
 * Page and path come from the request unless `page` is given.
 *
 * @example
 * const page = await paginate(prisma.post, { where: { published: true }, include: { author: true }, orderBy: { id: 'asc' } }, 15)
 * return PostResource.collection(page)
 */
export async function paginate<D extends PrismaDelegateLike<unknown, never>>(
  delegate: D,
  args: ArgsOf<D>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<RowOf<D>>> {
  assertDelegate('paginate', delegate)
  const findArgs = (args ?? {}) as PrismaFindManyArgs
  const fetch = windowOf(delegate as PrismaDelegateLike<RowOf<D>>, findArgs)
  const count = async (): Promise<number> =>
    (await (delegate as PrismaDelegateLike<unknown>).count({ where: findArgs.where })) as number
  return lengthAwarePage<RowOf<D>>({ count, fetch }, perPage, page)
}

/**
 * Like {@link paginate} without the count: `perPage + 1` rows tell whether a next page exists.
 *
 * @example
 * const page = await simplePaginate(prisma.post, { orderBy: { id: 'asc' } }, 15)
 */
export async function simplePaginate<
  D extends Pick<PrismaDelegateLike<unknown, never>, 'findMany'>,
>(delegate: D, args: ArgsOf<D>, perPage: number, page?: number): Promise<Paginator<RowOf<D>>> {
  assertDelegate('simplePaginate', delegate)
  const findArgs = (args ?? {}) as PrismaFindManyArgs
  return simplePage<RowOf<D>>(
    windowOf(delegate as PrismaDelegateLike<RowOf<D>>, findArgs),
    perPage,
    page,
  )
}
