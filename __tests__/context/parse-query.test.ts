import fc from 'fast-check'
import {
  parseFieldsParam,
  parseIncludeParam,
  parsePageParam,
  parseQueryPairs,
} from '../../src/context/parse-query'

const pairs = (q: string) => parseQueryPairs(q)

describe('parseQueryPairs', () => {
  it('decodes pairs in order, + as space', () => {
    expect(pairs('a=1&b=x+y&c=%20z&d')).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: 'x y' },
      { key: 'c', value: ' z' },
      { key: 'd', value: '' },
    ])
  })
  it('drops pairs that do not decode and empty keys', () => {
    expect(pairs('a=%E0%A4%A&b=2&=3&%zz=1')).toEqual([{ key: 'b', value: '2' }])
  })
  it('reads a query the way splitting on & and at the first = does, whatever the input', () => {
    // the definition, written the plain way: split on &, then at the first =, then decode
    const decode = (text: string): string | undefined => {
      try {
        return decodeURIComponent(text.split('+').join(' '))
      } catch {
        return undefined
      }
    }
    const reference = (query: string) =>
      query
        .split('&')
        .filter((part) => part !== '')
        .map((part) => {
          const at = part.indexOf('=')
          return at === -1
            ? { key: decode(part), value: '' }
            : { key: decode(part.slice(0, at)), value: decode(part.slice(at + 1)) }
        })
        .filter((pair) => pair.key !== undefined && pair.key !== '' && pair.value !== undefined)
    const query = fc
      .array(fc.constantFrom('a', 'b', '=', '&', '+', '%', '%2', '%20', '%E0', 'page', '1'), {
        maxLength: 24,
      })
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(query, (q) => {
        expect(pairs(q)).toEqual(reference(q))
      }),
      { numRuns: 2000 },
    )
  })
  it('stays linear on many & without =', () => {
    const q = `${'a&'.repeat(20000)}page=2`
    const got = pairs(q)
    expect(got).toHaveLength(20001)
    expect(got[20000]).toEqual({ key: 'page', value: '2' })
  })
})

describe('parsePageParam', () => {
  it.each([
    ['page=2', 2],
    ['', 1],
    ['page=abc', 1],
    ['page=0', 1],
    ['page=-3', 1],
    ['page=2.5', 1],
    ['page=1e3', 1],
    ['page=', 1],
    ['page=2&page=3', 1],
    ['page=99999999999999999999', 1],
    ['page=007', 7],
  ])('%s -> %d', (q, page) => {
    expect(parsePageParam(pairs(q))).toBe(page)
  })
})

describe('parseIncludeParam', () => {
  it('splits, trims, dedupes and joins repeated parameters', () => {
    expect(parseIncludeParam(pairs('include=author,,comments&include=author.posts, tags'))).toEqual(
      ['author', 'comments', 'author.posts', 'tags'],
    )
  })
  it('ignores include[]', () => {
    expect(parseIncludeParam(pairs('include[]=x'))).toEqual([])
  })
})

describe('parseFieldsParam', () => {
  it('reads fields[type], empty means none, ignores other forms', () => {
    const fields = parseFieldsParam(
      pairs('fields%5Bposts%5D=title,body&fields[users]=&fields=abc&fields[posts][x]=1'),
    )
    expect([...fields.keys()]).toEqual(['posts', 'users'])
    expect([...fields.get('posts')!]).toEqual(['title', 'body'])
    expect(fields.get('users')!.size).toBe(0)
  })
})
