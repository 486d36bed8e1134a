// The planned paginators of the adapter kit, through a third-party "ORM" over an array: the kit
// takes the page size from the plan, binds the cursor to the plan's order, carries the plan's
// parameters into the links and calls the adapter's two plan steps (apply once, load once per page).
import 'reflect-metadata'
import {
  Field,
  WhenLoaded,
  InvalidCursorError,
  JsonResource,
  QueryParameterError,
  UnsupportedQueryError,
  createRequestContext,
  defineQuery,
  queryPlan,
  runWithRequestContext,
  type QueryPlan,
} from 'api-resources'
import {
  includeTree,
  ormPaginators,
  planUnsupported,
  spellCondition,
  spellPlanWhere,
  type OrmPageAdapter,
  type PlanWhereSpelling,
} from 'api-resources/adapter'

interface Row {
  id: number
  score: number
  title: string | null
  author?: { id: number }
  writer?: { id: number }
}

class AuthorResource extends JsonResource<{ id: number }> {
  @Field() id!: number
}
class RowResource extends JsonResource<Row> {
  static query = defineQuery<Row>()({
    sort: ['score', 'id'],
    defaultSort: 'id',
    filters: {
      score: { type: 'integer', operators: ['gte', 'lt'] },
      title: { type: 'string', operators: ['contains', 'null'] },
    },
    perPage: { default: 4, max: 6 },
  })
  @Field() id!: number
  // `author` on the wire is the model's `writer`: the plan's include tree holds the model's name
  @WhenLoaded(() => AuthorResource, { relation: 'writer' }) author?: unknown
}

type Where = (row: Row) => boolean
const spelling: PlanWhereSpelling<Where> = {
  compare: (column, op, value) => (row) => {
    const v = row[column as keyof Row] as number
    const w = value as number
    return { eq: v === w, ne: v !== w, lt: v < w, lte: v <= w, gt: v > w, gte: v >= w }[op]
  },
  in: (column, values) => (row) => values.includes(row[column as keyof Row] as number),
  isNull: (column, negated) => (row) => (row[column as keyof Row] === null) !== negated,
  like: (column, op, text) => (row) => {
    const v = row[column as keyof Row]
    return typeof v === 'string' && (op === 'contains' ? v.includes(text) : v.startsWith(text))
  },
  and: (parts) => (row) => parts.every((p) => p(row)),
  or: (parts) => (row) => parts.some((p) => p(row)),
}

/** An "ORM" query: rows, a filter and an order. */
class ArrayQuery {
  constructor(
    readonly data: readonly Row[],
    readonly keep: Where = () => true,
    readonly order: readonly { column: keyof Row; descending: boolean }[] = [],
  ) {}
  rows(): Row[] {
    const sorted = this.data.filter(this.keep).slice()
    sorted.sort((a, b) => {
      for (const { column, descending } of this.order) {
        const d = (a[column] as number) - (b[column] as number)
        if (d !== 0) return descending ? -d : d
      }
      return 0
    })
    return sorted
  }
}

const loads: { rows: number; tree: unknown }[] = []
const adapter: OrmPageAdapter<ArrayQuery> = {
  supported: 'an ArrayQuery',
  methods: ['rows'],
  pages: (query) => ({
    count: async () => query.rows().length,
    fetch: async (offset, limit) => query.rows().slice(offset, offset + limit),
  }),
  cursor: (query) => ({
    columns: query.order.map((o) => ({
      name: o.column,
      column: o.column,
      descending: o.descending,
      nullsFirst: false,
    })),
    fetch: async (_order, condition, limit) => {
      const rows = query.rows()
      if (condition === undefined) return rows.slice(0, limit)
      const after = spellCondition<Where>(condition, {
        compare: (column, operator, value) => (row) => {
          const v = row[column as keyof Row] as number
          const w = Number(value)
          return operator === '>' ? v > w : operator === '<' ? v < w : v === w
        },
        isNull: (column, negated) => (row) => (row[column as keyof Row] === null) !== negated,
        and: (parts) => (row) => parts.every((p) => p(row)),
        or: (parts) => (row) => parts.some((p) => p(row)),
        none: () => () => false,
      })
      return rows.filter(after).slice(0, limit)
    },
  }),
  plan: {
    apply: (query, plan, fn) => {
      if (plan.counts.length > 0) throw planUnsupported(fn, 'no counts', 'a count')
      const where = spellPlanWhere(plan, spelling)
      return new ArrayQuery(
        query.data,
        where ?? query.keep,
        plan.order.map((o) => ({ column: o.column as keyof Row, descending: o.descending })),
      )
    },
    load: async (_query, rows, plan) => {
      loads.push({ rows: rows.length, tree: includeTree(plan) })
      for (const row of rows as Row[]) row.writer = { id: row.id * 10 }
    },
  },
}

const kit = ormPaginators(adapter as never) as unknown as {
  paginate(
    query: ArrayQuery,
    plan: QueryPlan,
  ): Promise<import('api-resources').LengthAwarePaginator<Row>>
  simplePaginate(
    query: ArrayQuery,
    plan: QueryPlan,
  ): Promise<import('api-resources').Paginator<Row>>
  cursorPaginate(
    query: ArrayQuery,
    plan: QueryPlan | number,
    options?: object,
  ): Promise<import('api-resources').CursorPaginator<Row>>
}
const withoutPlan = ormPaginators({ ...adapter, plan: undefined } as never) as unknown as typeof kit

const data: Row[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  score: (i * 7) % 5,
  title: i % 3 === 0 ? null : `t${i}`,
}))
const query = new ArrayQuery(data)
const at = <T>(url: string, fn: () => T): T =>
  runWithRequestContext(createRequestContext(`http://x${url}`, {}), fn)

describe('ormPaginators with a query plan', () => {
  beforeEach(() => loads.splice(0))

  it('takes the page size, where and order from the plan and carries its parameters', async () => {
    const page = await at('/rows?sort=-score&filter[score][gte]=2&per_page=5&page=2', () =>
      kit.paginate(query, queryPlan(RowResource)),
    )
    const expected = data
      .filter((r) => r.score >= 2)
      .sort((a, b) => b.score - a.score || b.id - a.id)
    expect(page.perPage()).toBe(5)
    expect(page.total()).toBe(expected.length)
    expect(page.items().map((r) => r.id)).toEqual(expected.slice(5, 10).map((r) => r.id))
    const next = new URL(page.nextPageUrl()!, 'http://x')
    expect(next.searchParams.get('sort')).toBe('-score')
    expect(next.searchParams.get('filter[score][gte]')).toBe('2')
    expect(next.searchParams.get('per_page')).toBe('5')
  })

  it('loads the includes once per page, with the model relation names', async () => {
    const page = await at('/rows?include=author', () =>
      kit.simplePaginate(query, queryPlan(RowResource)),
    )
    expect(loads).toEqual([{ rows: 4, tree: { writer: {} } }])
    expect(page.items()[0].writer).toEqual({ id: 10 })
    await at('/rows', () => kit.simplePaginate(query, queryPlan(RowResource)))
    expect(loads).toHaveLength(2)
    expect(loads[1].tree).toEqual({})
    // nothing to load onto an empty page
    await at('/rows?filter[score][gte]=99', () => kit.paginate(query, queryPlan(RowResource)))
    expect(loads).toHaveLength(2)
  })

  it('binds a cursor to the plan order: walks it, refuses it under another sort', async () => {
    const first = await at('/rows?sort=-id', () =>
      kit.cursorPaginate(query, queryPlan(RowResource)),
    )
    expect(first.items().map((r) => r.id)).toEqual([20, 19, 18, 17])
    const nextUrl = first.nextPageUrl()!
    expect(new URL(nextUrl, 'http://x').searchParams.get('sort')).toBe('-id')
    const path = nextUrl.slice(nextUrl.indexOf('/rows'))
    const second = await at(path, () => kit.cursorPaginate(query, queryPlan(RowResource)))
    expect(second.items().map((r) => r.id)).toEqual([16, 15, 14, 13])
    const other = path.replace('sort=-id', 'sort=id')
    await expect(
      at(other, () => kit.cursorPaginate(query, queryPlan(RowResource))),
    ).rejects.toBeInstanceOf(InvalidCursorError)
  })

  it('leaves the 400 of a bad request to queryPlan, and the page-size form unchanged', async () => {
    expect(() => at('/rows?sort=title', () => queryPlan(RowResource))).toThrow(QueryParameterError)
    const page = await kit.cursorPaginate(
      new ArrayQuery(data, undefined, [{ column: 'id', descending: false }]),
      3,
    )
    expect(page.items().map((r) => r.id)).toEqual([1, 2, 3])
    expect(loads).toEqual([])
  })

  it('refuses a plan an adapter cannot run, naming what it expects', async () => {
    const plan = at('/rows', () => queryPlan(RowResource))
    await expect(withoutPlan.paginate(query, plan)).rejects.toThrow(
      /paginate\(\) expects a page size; got a query plan/,
    )
    await expect(withoutPlan.paginate(query, plan)).rejects.toBeInstanceOf(UnsupportedQueryError)
  })
})
