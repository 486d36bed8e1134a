import { ApiResourcesError, ArgumentError } from '../../src'
import { countFrom, paginatePageQuery } from '../../src/pagination/page-query'

describe('countFrom(): one reading of a COUNT for every adapter', () => {
  it.each([
    [0, 0],
    [12, 12],
    [7n, 7],
    ['12', 12],
    [{ total: 5 }, 5],
    [{ total: '3' }, 3],
    [{ TOTAL: 4n }, 4],
    [{ 'count(*)': 9 }, 9],
    [[{ total: 1 }][0], 1],
  ])('%p -> %p', (result, expected) => {
    expect(countFrom(result)).toBe(expected)
  })

  it.each([
    ['x', '"x"'],
    ['', '""'],
    ['1.5', '"1.5"'],
    ['-1', '"-1"'],
    [-1, '-1'],
    [1.5, '1.5'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [2n ** 60n, String(2n ** 60n)],
    [null, 'null'],
    [undefined, 'undefined'],
    [{ a: 1, b: 2 }, 'an object'],
    [[{ total: 1 }, { total: 2 }], 'an array of 2'],
    [{ total: 'many' }, '"many"'],
  ])('rejects %p, never a silent 0', (result, described) => {
    let error: unknown
    try {
      countFrom(result)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ArgumentError)
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toBeInstanceOf(ApiResourcesError)
    expect(error).toMatchObject({ code: 'ERR_COUNT_RESULT', argument: 'count' })
    expect((error as Error).message).toContain(
      `the count query returned ${described}, not a row count`,
    )
  })

  it('checks the count of every adapter, including those that return a plain number', async () => {
    const fetch = async () => []
    for (const page of [
      paginatePageQuery({ count: async () => Number.NaN, fetch }, 10, 1),
      paginatePageQuery({ count: async () => '7 rows' as never, fetch }, 10, 1),
      paginatePageQuery({ count: async () => [{ count: 3 }] as never, fetch }, 10, 1),
    ])
      await expect(page).rejects.toMatchObject({ code: 'ERR_COUNT_RESULT' })
    const ok = await paginatePageQuery({ count: async () => '2' as never, fetch }, 10, 1)
    expect(ok.total()).toBe(2)
  })
})
