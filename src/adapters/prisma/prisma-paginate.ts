import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import { UnsupportedQueryError } from '../../errors/base'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import {
  ormPaginators,
  type CursorArgs,
  type PageArgs,
  type SimplePageArgs,
} from '../orm-support/orm-paginators'
import { prismaCursorSource } from './prisma-cursor'
import { attachJoinRelations, prismaPlanArgs } from './prisma-query-plan'

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

/** A delegate and its `findMany()` arguments: the query the paginators below share. */
interface PrismaQuery {
  readonly delegate: PrismaDelegateLike<unknown>
  readonly args: PrismaFindManyArgs
}

/** `findMany()` arguments that carry their own Prisma cursor are refused: it pages by itself. */
function withoutCursor(fn: string, args: PrismaFindManyArgs): PrismaFindManyArgs {
  if (args.cursor !== undefined)
    throw UnsupportedQueryError.unsupportedQuery(fn, 'findMany() arguments without a cursor', args)
  return args
}

declare module '../orm-support/orm-paginators' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the query type does not vary with T
  interface OrmQueries<T> {
    prisma: PrismaQuery
  }
}

/**
 * The rows `findMany(args)` returns without `skip`/`take`: `count({ where })`, or with `distinct`
 * (which `count()` does not take) the distinct values of those fields, selected alone.
 */
async function countRows(
  delegate: PrismaDelegateLike<unknown>,
  args: PrismaFindManyArgs,
): Promise<number> {
  const distinct = (args as { distinct?: unknown }).distinct
  if (distinct === undefined) return (await delegate.count({ where: args.where })) as number
  const fields = [distinct].flat() as string[]
  const select = Object.fromEntries(fields.map((field) => [field, true]))
  const rows = await delegate.findMany({ where: args.where, distinct, select } as never)
  return rows.length
}

const prisma = ormPaginators<'prisma'>({
  supported: SUPPORTED,
  // the error shows the delegate, not the pair the paginators pass around
  accepts(query, fn) {
    const d = (query as PrismaQuery).delegate as Partial<PrismaDelegateLike<unknown>> | null
    const ok = typeof d === 'object' && d !== null && typeof d.findMany === 'function'
    if (!ok || (fn === 'paginate' && typeof d.count !== 'function'))
      throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, d)
    return true
  },
  pages: ({ delegate, args }) => {
    const findArgs = withoutCursor('paginate', args)
    return {
      count: () => countRows(delegate, findArgs),
      fetch: async (skip, take) => await delegate.findMany({ ...findArgs, skip, take }),
    }
  },
  cursor: ({ delegate, args }, fn) => prismaCursorSource(delegate, withoutCursor(fn, args), fn),
  // includes and counts go into the findMany() arguments: Prisma loads them with the page; the
  // relations of explicit join models are then put on the rows
  plan: {
    apply: ({ delegate, args }, plan, fn) => ({
      delegate,
      args: prismaPlanArgs(delegate, withoutCursor(fn, args), plan, fn),
    }),
    load: async (_query, rows, plan) => attachJoinRelations(rows, plan),
  },
})

const query = (delegate: unknown, args: unknown): PrismaQuery => ({
  delegate: delegate as PrismaDelegateLike<unknown>,
  args: (args ?? {}) as PrismaFindManyArgs,
})

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
export function paginate<D extends PrismaDelegateLike<unknown, never>>(
  delegate: D,
  args: ArgsOf<D>,
  ...rest: PageArgs
): Promise<LengthAwarePaginator<RowOf<D>>> {
  return prisma.paginate(query(delegate, args), ...rest)
}

/**
 * Like {@link paginate} without the count: `perPage + 1` rows tell whether a next page exists.
 *
 * @example
 * const page = await simplePaginate(prisma.post, { orderBy: { id: 'asc' } }, 15)
 */
export function simplePaginate<D extends Pick<PrismaDelegateLike<unknown, never>, 'findMany'>>(
  delegate: D,
  args: ArgsOf<D>,
  ...rest: SimplePageArgs
): Promise<Paginator<RowOf<D>>> {
  return prisma.simplePaginate(query(delegate, args), ...rest)
}

/**
 * One cursor page of `delegate.findMany(args)`: a single `findMany` of `perPage + 1` rows after (or
 * before) the cursor, no count. The cursor columns are the scalar fields of `args.orderBy`
 * (`[{ createdAt: 'desc' }, { id: 'desc' }]`, also `{ a: { sort: 'asc', nulls: 'last' } }`); end
 * the order with a unique field. NULL values keep the database's NULL order, which Prisma's own
 * `cursor` option does not. A cursor that does not decode or names other fields is an
 * `InvalidCursorError`; ordering by a relation or an aggregate is an `ArgumentError`.
 *
 * @example
 * const page = await cursorPaginate(prisma.post, { where: { published: true }, orderBy: [{ id: 'desc' }] }, 15)
 */
export function cursorPaginate<D extends Pick<PrismaDelegateLike<unknown, never>, 'findMany'>>(
  delegate: D,
  args: ArgsOf<D>,
  ...rest: CursorArgs
): Promise<CursorPaginator<RowOf<D>>> {
  return prisma.cursorPaginate(query(delegate, args), ...rest)
}
