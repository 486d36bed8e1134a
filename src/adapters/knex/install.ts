/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-namespace, @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- the augmentation must repeat Knex's own declaration */
import type { Knex } from 'knex'
import { PaginationError } from '../../errors/base'
import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import type { CursorPaginateOptions } from '../../pagination/cursor-query'
import type { PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import { cursorPaginate, paginate, simplePaginate, type KnexRow } from './paginate'

declare module 'knex' {
  namespace Knex {
    interface QueryBuilder<TRecord extends {} = any, TResult = any> {
      /** `paginate(this, perPage, page?, options?)` from `api-resources/knex` (after `installKnexPagination`). */
      paginate(
        perPage: number,
        page?: number,
        options?: PaginateOptions,
      ): Promise<LengthAwarePaginator<KnexRow<this>>>
      /** `simplePaginate(this, perPage, page?, options?)` from `api-resources/knex`. */
      simplePaginate(
        perPage: number,
        page?: number,
        options?: SimplePaginateOptions,
      ): Promise<Paginator<KnexRow<this>>>
      /** `cursorPaginate(this, perPage, cursor?, options?)` from `api-resources/knex`. */
      cursorPaginate(
        perPage: number,
        cursor?: Cursor | string | null,
        options?: CursorPaginateOptions,
      ): Promise<CursorPaginator<KnexRow<this>>>
    }
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-namespace, @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars */

const INSTALLED = Symbol.for('api-resources.knexPagination')

type Method = ((this: Knex.QueryBuilder, ...args: never[]) => unknown) & {
  [INSTALLED]?: true
}

/** `run(this, ...args)` as a query-builder method, marked as this package's. */
function method(run: (query: Knex.QueryBuilder, ...args: never[]) => unknown): Method {
  return Object.assign(
    function (this: Knex.QueryBuilder, ...args: never[]) {
      return run(this, ...args)
    },
    { [INSTALLED]: true as const },
  )
}

const methods: Record<'paginate' | 'simplePaginate' | 'cursorPaginate', Method> = {
  paginate: method(paginate),
  simplePaginate: method(simplePaginate),
  cursorPaginate: method(cursorPaginate),
}

/** What `installKnexPagination` accepts: the `knex` module function or a Knex instance. */
export type KnexLike = { QueryBuilder: { extend(name: string, fn: Method): void } } | Knex

type BuilderPrototype = Record<string, Method | undefined>

/**
 * Knex's query-builder prototype, where the methods go: from an instance, one of its builders; from
 * the module, a builder made by Knex's `Client.prototype.queryBuilder` (a builder needs nothing of its
 * client to be constructed). `undefined` when neither is available (a Knex-like stand-in).
 */
function builderPrototype(knex: KnexLike): BuilderPrototype | undefined {
  const make = (knex as Partial<Knex>).queryBuilder
  if (typeof make === 'function') return Object.getPrototypeOf(make.call(knex)) as BuilderPrototype
  const client = (knex as { Client?: { prototype?: { queryBuilder?: unknown } } }).Client
  const makeFromClient = client?.prototype?.queryBuilder
  if (typeof makeFromClient !== 'function') return undefined
  try {
    return Object.getPrototypeOf(makeFromClient.call({})) as BuilderPrototype
  } catch {
    return undefined
  }
}

/**
 * Adds `query.paginate(perPage, page?)`, `query.simplePaginate(perPage, page?)` and
 * `query.cursorPaginate(perPage, cursor?, options?)` to every Knex
 * query builder. Call it once at start-up with the `knex` module (or any Knex instance); calling it
 * again is harmless. Throws when another library already defined `paginate` on the builders.
 *
 * What is installed is known from Knex itself: the methods on its query-builder prototype carry a
 * marker, and a Knex-like object whose builders cannot be reached gets a marker property of its own.
 *
 * @example
 * import knex from 'knex'
 * import { installKnexPagination } from 'api-resources/knex'
 * installKnexPagination(knex)
 * const page = await db('posts').orderBy('id').paginate(15)
 */
export function installKnexPagination(knex: KnexLike): void {
  const proto = builderPrototype(knex)
  if (proto === undefined && (knex as { [INSTALLED]?: unknown })[INSTALLED] === true) return
  for (const [name, fn] of Object.entries(methods)) {
    const existing = proto?.[name]
    if (existing?.[INSTALLED]) continue
    if (existing !== undefined) throw PaginationError.alreadyInstalled(name)
    const extend = (knex as Partial<Exclude<KnexLike, Knex>>).QueryBuilder?.extend
    if (typeof extend !== 'function') {
      Object.defineProperty(proto!, name, { value: fn, configurable: true, writable: true })
      continue
    }
    try {
      // through Knex's own API: builders get the method, and instances made later proxy it
      extend.call((knex as Exclude<KnexLike, Knex>).QueryBuilder, name, fn)
    } catch (error) {
      // Knex refuses to redefine a method: another library got there first.
      if (!/existing method/i.test(String(error))) throw error
      throw PaginationError.alreadyInstalled(name)
    }
  }
  if (proto === undefined)
    Object.defineProperty(knex, INSTALLED, { value: true, configurable: true })
}
