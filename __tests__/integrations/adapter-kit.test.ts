// A third-party adapter written with `api-resources/adapter` (the built package), the way the
// built-in ORM adapters are: one OrmPageAdapter gives paginate(), simplePaginate() and
// cursorPaginate(), with the same query check and the same errors.
import {
  Cursor,
  LengthAwarePaginator,
  Paginator,
  CursorPaginator,
  UnsupportedQueryError,
} from 'api-resources'
import type { PaginateOptions, SimplePaginateOptions } from 'api-resources'
import {
  countFrom,
  ormPaginators,
  spellCondition,
  type CursorColumn,
  type KeysetCondition,
  type OrmPageAdapter,
  type WhereSpelling,
} from 'api-resources/adapter'
import * as rootEntry from 'api-resources'
import { ERROR_CODES as ROOT_CODES } from 'api-resources'
import * as errorsEntry from 'api-resources/errors'
import { ERROR_CODES, PAGINATION_ERROR_CODES } from 'api-resources/errors'

interface Row {
  id: number
}

/** An "ORM" over an array: its query is a list of rows with a `rows()` method. */
class ArrayQuery {
  constructor(readonly data: readonly Row[]) {}
  rows(): readonly Row[] {
    return this.data
  }
}

// a keyset condition in this "ORM"'s own language: a predicate
type Where = (row: Row) => boolean
const spelling: WhereSpelling<Where> = {
  compare: (column, operator, value) => (row) => {
    const v = row[column as keyof Row]
    return operator === '>' ? v > Number(value) : operator === '<' ? v < Number(value) : v === value
  },
  isNull: (_column, negated) => () => negated,
  and: (parts) => (row) => parts.every((p) => p(row)),
  or: (parts) => (row) => parts.some((p) => p(row)),
  none: () => () => false,
}

const ID: CursorColumn = { name: 'id', column: 'id', descending: false, nullsFirst: true }

const adapter: OrmPageAdapter<ArrayQuery> = {
  supported: 'an ArrayQuery',
  methods: ['rows'],
  pages: (query) => ({
    count: async () => countFrom(String(query.rows().length)), // drivers often return strings
    fetch: async (offset, limit) => query.rows().slice(offset, offset + limit),
  }),
  cursor: (query) => ({
    columns: [ID],
    fetch: async (order, condition: KeysetCondition | undefined, limit) => {
      const keep = condition === undefined ? () => true : spellCondition(condition, spelling)
      const sign = order[0]!.descending ? -1 : 1
      return [...query.rows()]
        .filter(keep)
        .sort((x, y) => sign * (x.id - y.id))
        .slice(0, limit)
    },
  }),
}

// a third-party adapter types its paginators by its own query type
const kit = ormPaginators(adapter as never) as unknown as {
  paginate(
    query: ArrayQuery,
    perPage: number,
    page?: number,
    options?: PaginateOptions,
  ): Promise<LengthAwarePaginator<Row>>
  simplePaginate(
    query: ArrayQuery,
    perPage: number,
    page?: number,
    options?: SimplePaginateOptions,
  ): Promise<Paginator<Row>>
  cursorPaginate(
    query: ArrayQuery,
    perPage: number,
    cursor?: Cursor | null,
  ): Promise<CursorPaginator<Row>>
}
const { paginate, simplePaginate, cursorPaginate } = kit

const query = new ArrayQuery(Array.from({ length: 23 }, (_, i) => ({ id: i + 1 })))

describe('api-resources/adapter', () => {
  it('gives a third-party adapter the three paginators', async () => {
    const page = await paginate(query, 10, 3)
    expect(page).toBeInstanceOf(LengthAwarePaginator)
    expect([page.total(), page.lastPage(), page.items().map((r) => r.id)]).toEqual([
      23,
      3,
      [21, 22, 23],
    ])
    const simple = await simplePaginate(query, 10, 2)
    expect([simple.hasMorePages(), simple.items().length]).toEqual([true, 10])
    const first = await cursorPaginate(query, 10)
    const second = await cursorPaginate(query, 10, first.nextCursor())
    expect(second.items().map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
  })

  it('takes the count strategy and the page name after the page, as every adapter does', async () => {
    let counts = 0
    const counting = ormPaginators({
      ...adapter,
      pages: (q: ArrayQuery) => ({ ...adapter.pages(q), count: async () => (++counts, 23) }),
    } as never) as unknown as typeof kit
    const given = await counting.paginate(query, 10, 2, { total: 40, pageName: 'p' })
    expect([given.total(), given.lastPage(), counts]).toEqual([40, 4, 0])
    expect(given.items().map((r) => r.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(given.nextPageUrl()).toBe('/?p=3')
    const computed = await counting.paginate(query, 10, 1, { total: async () => 7 })
    expect([computed.total(), counts]).toEqual([7, 0])
    const estimated = await counting.paginate(query, 10, 1, { total: 'estimate' })
    // no planner estimate from this adapter: an exact count
    expect([estimated.total(), counts]).toEqual([23, 1])
    const simple = await counting.simplePaginate(query, 10, 2, { pageName: 'p' })
    expect(simple.nextPageUrl()).toBe('/?p=3')
  })

  it('refuses what is not one of its queries with the package error', async () => {
    await expect(paginate({} as ArrayQuery, 10)).rejects.toBeInstanceOf(UnsupportedQueryError)
  })

  it('keeps the error-code tables in api-resources/errors, ERROR_CODES in both', () => {
    expect(ERROR_CODES).toBe(ROOT_CODES)
    expect(
      Object.values(PAGINATION_ERROR_CODES).every((c) => Object.values(ERROR_CODES).includes(c)),
    ).toBe(true)
  })

  it('gives every error class in the root entry too, as the same class', () => {
    const classes = Object.entries(errorsEntry).filter(
      ([name, value]) => typeof value === 'function' && name.endsWith('Error'),
    )
    expect(classes.length).toBeGreaterThan(10)
    for (const [name, value] of classes)
      expect([name, (rootEntry as Record<string, unknown>)[name]]).toEqual([name, value])
  })

  it('gives in api-resources/errors the classes, the code tables and the brand, nothing internal', () => {
    expect(Object.keys(errorsEntry).sort()).toEqual([
      'ApiResourcesError',
      'ArgumentError',
      'ERROR_BRAND',
      'ERROR_CODES',
      'HANDLEBARS_ERROR_CODES',
      'InvalidCursorError',
      'JSONAPI_ERROR_CODES',
      'JsonApiError',
      'NotAcceptableError',
      'NotFoundError',
      'PAGINATION_ERROR_CODES',
      'PaginationError',
      'PaginationTemplateError',
      'QueryParameterError',
      'ResourceError',
      'UnsupportedQueryError',
      'ValidationError',
      'isApiResourcesError',
    ])
  })
})
