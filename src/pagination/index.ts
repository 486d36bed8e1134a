// The two paginators the Knex, Kysely and Prisma adapters and orm-support type their results with.
export { LengthAwarePaginator } from './length-aware-paginator'
export { Paginator } from './paginator'
