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
