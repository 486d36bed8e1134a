/**
 * `api-resources/prisma`: pagination over a Prisma model delegate and its `findMany()` arguments,
 * and `attachPivot()` for explicit join models.
 *
 * Prisma returns plain objects: a relation loaded with `include` is a property of the row, and
 * `_count: { posts: 3 }` (from `include: { _count: { select: { posts: true } } }`) is a count
 * `whenCounted('posts')` reads; both are what the default model rules read, so there is nothing to
 * register. `@prisma/client` is never loaded by this entry.
 * @module
 */
export {
  paginate,
  simplePaginate,
  cursorPaginate,
  type PrismaDelegateLike,
  type PrismaFindManyArgs,
} from './prisma-paginate'
export { attachPivot } from '../orm-support/attach-pivot'
