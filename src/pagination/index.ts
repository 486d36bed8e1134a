// The paginators the adapters construct (the Knex, Kysely, Prisma and ORM paginate modules import
// them from here), and the page queries that build them.
export { LengthAwarePaginator } from './length-aware-paginator'
export { Paginator } from './paginator'
export { paginatePageQuery, simplePaginatePageQuery } from './page-query'
