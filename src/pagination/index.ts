// Paginators: value objects over one page of rows. The adapters (api-resources/knex, /kysely) run
// the queries and construct them.
export { AbstractPaginator } from './abstract-paginator'
export { LengthAwarePaginator, DEFAULT_ON_EACH_SIDE } from './length-aware-paginator'
export { Paginator } from './paginator'
export { BasePaginator, isPaginator } from './base-paginator'
export { Cursor } from './cursor'
export { CursorPaginator } from './cursor-paginator'
export { resolvePage, resolvePath } from './resolve'
export type { QueryValue } from './page-url'
export type * from './types'
export { paginatePageQuery, simplePaginatePageQuery, type PageQuery } from './page-query'
