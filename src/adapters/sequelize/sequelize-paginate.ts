import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import { countFrom } from '../../pagination/page-query'
import { lengthAwarePage, simplePage } from '../orm-support/page-source'
import type { SequelizeFinder, SequelizeQuery } from './sequelize-types'

const SUPPORTED = 'a Sequelize query: { model: SomeModel, ...findAllOptions }'

function assertQuery(fn: string, query: unknown): asserts query is SequelizeQuery {
  const model = (query as { model?: Partial<SequelizeFinder> } | null)?.model
  const ok = typeof model === 'function' || (typeof model === 'object' && model !== null)
  if (!ok || typeof model.count !== 'function' || typeof model.findAll !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
}

function splitQuery(query: SequelizeQuery) {
  const { model, limit: _l, offset: _o, ...find } = query
  // a COUNT needs neither the selected columns nor the order; `distinct` on the primary key keeps a
  // join to a to-many association from counting one model several times
  const { attributes: _a, order: _r, ...where } = find
  const count = { ...where, distinct: true, col: model.primaryKeyAttribute }
  return { model, find, count }
}

/** `findAll`, typed as the instances of the model class it is called on. */
function findAll<M extends SequelizeFinder>(model: SequelizeFinder, options: object) {
  return model.findAll(options) as Promise<InstanceType<M>[]>
}

/**
 * Paginates a Sequelize `findAll`: `Model.count()` with the same `where` and `include` (distinct
 * primary keys, so joins do not inflate the total), then `findAll()` with `limit`/`offset`.
 *
 * @example
 * const page = await paginate({
 *   model: Post,
 *   where: { published: true },
 *   include: [{ association: 'author', where: { active: true } }],
 *   order: [['id', 'ASC']],
 * }, 15)
 */
export async function paginate<M extends SequelizeFinder>(
  query: SequelizeQuery<M>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<InstanceType<M>>> {
  assertQuery('paginate', query)
  const { model, find, count } = splitQuery(query)
  return lengthAwarePage<InstanceType<M>>(
    {
      count: async () => countFrom(await model.count(count)),
      fetch: (offset, limit) => findAll<M>(model, { ...find, offset, limit }),
    },
    perPage,
    page,
  )
}

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` models tell whether a next page exists.
 *
 * @example
 * const page = await simplePaginate({ model: Post, order: [['id', 'ASC']] }, 15)
 */
export async function simplePaginate<M extends SequelizeFinder>(
  query: SequelizeQuery<M>,
  perPage: number,
  page?: number,
): Promise<Paginator<InstanceType<M>>> {
  assertQuery('simplePaginate', query)
  const { model, find } = splitQuery(query)
  const fetch = (offset: number, limit: number) => findAll<M>(model, { ...find, offset, limit })
  return simplePage<InstanceType<M>>(fetch, perPage, page)
}
