import { ArgumentError, ResourceCollection } from '../../src'
import { paginatePageQuery } from '../../src/adapters/kit'
import { mysqlExplainRows, postgresPlanRows } from '../../src/pagination/page-query'

const rows = Array.from({ length: 23 }, (_, i) => i + 1)

function source(estimate?: number) {
  const calls: string[] = []
  return {
    calls,
    count: async () => (calls.push('count'), rows.length),
    fetch: async (offset: number, limit: number) => (
      calls.push(`fetch ${offset} ${limit}`),
      rows.slice(offset, offset + limit)
    ),
    ...(estimate === undefined ? {} : { estimate: async () => (calls.push('estimate'), estimate) }),
  }
}

describe('count strategies of paginatePageQuery', () => {
  it('takes a given total instead of counting, and adds no mark', async () => {
    const q = source()
    const page = await paginatePageQuery(q, 10, 2, { total: 1000 })
    expect(q.calls).toEqual(['fetch 10 10'])
    expect(page.total()).toBe(1000)
    expect(page.lastPage()).toBe(100)
    expect(page.totalIsEstimate()).toBe(false)
    expect(page.toJSON()).not.toHaveProperty('total_is_estimate')
  })

  it('calls a sync or async function for the total', async () => {
    const sync = source()
    expect((await paginatePageQuery(sync, 10, 1, { total: () => 42 })).total()).toBe(42)
    expect(sync.calls).toEqual(['fetch 0 10'])
    const async = source()
    expect((await paginatePageQuery(async, 10, 1, { total: async () => 7 })).total()).toBe(7)
    expect(async.calls).toEqual(['fetch 0 10'])
  })

  it('still fetches past a given total: only an exact COUNT may skip the row query', async () => {
    const q = source()
    const page = await paginatePageQuery(q, 10, 3, { total: 5 })
    expect(q.calls).toEqual(['fetch 20 10'])
    expect(page.items()).toEqual([21, 22, 23])
  })

  it('answers a page far beyond a given or estimated total as empty without a row query', async () => {
    const given = source()
    const far = await paginatePageQuery(given, 10, 600479950316066, { total: 5 })
    expect(given.calls).toEqual([])
    expect(far.items()).toEqual([])
    expect(far.total()).toBe(5)
    const estimated = source(300)
    const deep = await paginatePageQuery(estimated, 10, 63, { total: 'estimate' })
    expect(estimated.calls).toEqual(['estimate'])
    expect(deep.items()).toEqual([])
    // within twice the estimate the page is still read: the estimate may be low
    const near = source(300)
    await paginatePageQuery(near, 10, 59, { total: 'estimate' })
    expect(near.calls).toEqual(['estimate', 'fetch 580 10'])
  })

  it("uses the planner's estimate and marks it in the page JSON and collection meta", async () => {
    const q = source(30)
    const page = await paginatePageQuery(q, 10, 1, { total: 'estimate' })
    expect(q.calls).toEqual(['estimate', 'fetch 0 10'])
    expect(page.total()).toBe(30)
    expect(page.totalIsEstimate()).toBe(true)
    const json = page.toJSON() as unknown as Record<string, unknown>
    expect(Object.keys(json).slice(-2)).toEqual(['total', 'total_is_estimate'])
    expect(json.total_is_estimate).toBe(true)
    const payload = new ResourceCollection(page).toPayload() as { meta: Record<string, unknown> }
    expect(payload.meta.total).toBe(30)
    expect(payload.meta.total_is_estimate).toBe(true)
  })

  it('counts exactly where no estimate exists (no estimate step, or it gives none)', async () => {
    const without = source()
    const page = await paginatePageQuery(without, 10, 1, { total: 'estimate' })
    expect(without.calls).toEqual(['count', 'fetch 0 10'])
    expect(page.totalIsEstimate()).toBe(false)
    const none = { ...source(), estimate: async () => undefined }
    expect((await paginatePageQuery(none, 10, 1, { total: 'estimate' })).total()).toBe(23)
  })

  it.each([[-1], [1.5], ['10'], [() => NaN], [async () => -3]])(
    'refuses the total %p with an ArgumentError',
    async (total) => {
      await expect(
        paginatePageQuery(source(), 10, 1, { total: total as never }),
      ).rejects.toBeInstanceOf(ArgumentError)
    },
  )
})

describe('reading planner estimates', () => {
  it("reads PostgreSQL's Plan Rows, also under a renamed column or as text", () => {
    const plan = [{ Plan: { 'Node Type': 'Seq Scan', 'Plan Rows': 409 } }]
    expect(postgresPlanRows([{ 'QUERY PLAN': plan }])).toBe(409)
    expect(postgresPlanRows([{ queryPlan: plan }])).toBe(409)
    expect(postgresPlanRows([{ 'QUERY PLAN': JSON.stringify(plan) }])).toBe(409)
    expect(postgresPlanRows([])).toBeUndefined()
  })

  it('multiplies MySQL/MariaDB rows (times filtered) over joined tables', () => {
    expect(mysqlExplainRows([{ rows: 1000, filtered: 10 }])).toBe(100)
    expect(mysqlExplainRows([{ rows: 50 }, { rows: '2', filtered: 100 }])).toBe(100)
    expect(mysqlExplainRows([{ rows: null }])).toBeUndefined()
    expect(mysqlExplainRows([])).toBeUndefined()
  })
})
