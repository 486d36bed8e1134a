import fc from 'fast-check'
import { createRequestContext } from '../../src/context/request-context'
import {
  pageParamOf,
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

describe('pageParamOf (the page read without splitting the query)', () => {
  it.each([
    ['page=2', 2],
    ['a=1&page=3&b=', 3],
    ['page', 1],
    ['pages=4', 1],
    ['xpage=4', 1],
    ['page=2=3', 1],
    ['&&page=5&&', 5],
    ['page=2&page=2', 1],
  ])('%s -> %d', (q, page) => {
    expect(pageParamOf(q)).toBe(page)
    expect(pageParamOf(q)).toBe(parsePageParam(pairs(q)))
  })
  it('leaves a query that needs decoding to the pairs', () => {
    expect(pageParamOf('pag%65=2')).toBeUndefined()
    expect(pageParamOf('page=2&q=a+b')).toBeUndefined()
    // the context falls back to the decoded pairs: `pag%65` is `page`
    expect(createRequestContext('/p?pag%65=2').page).toBe(2)
    expect(createRequestContext('/p?page=2&q=a+b').page).toBe(2)
    expect(createRequestContext('/p?page=2&pag%65=3').page).toBe(1)
  })
  it('agrees with the decoded pairs on every query it reads, for any name', () => {
    const part = fc.constantFrom(
      'page',
      'p',
      'pag',
      'pages',
      'age',
      '=',
      '&',
      '2',
      '0',
      '12',
      '-',
      'x',
      '.',
    )
    const query = fc.array(part, { maxLength: 12 }).map((xs) => xs.join(''))
    fc.assert(
      fc.property(query, fc.constantFrom('page', 'p', 'pag'), (q, name) => {
        const fast = pageParamOf(q, name)
        expect(fast).toBe(parsePageParam(pairs(q), name))
      }),
      { numRuns: 3000 },
    )
  })
  it('gives the context the same page whether or not the pairs were read first', () => {
    for (const q of ['page=4', 'page=4&page=5', 'pag%65=6', 'x=1']) {
      const lazy = createRequestContext(`/p?${q}`)
      const eager = createRequestContext(`/p?${q}`)
      void eager.queryPairs
      expect(lazy.page).toBe(eager.page)
    }
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
