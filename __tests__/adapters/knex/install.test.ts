import knexModule, { type Knex } from 'knex'
import { LengthAwarePaginator, Paginator, UnsupportedQueryError } from 'api-resources'
import { installKnexPagination, paginate, simplePaginate } from 'api-resources/knex'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../../support/db'

const sqlite = DIALECTS.find((d) => d.name === 'sqlite')!

describe('installKnexPagination()', () => {
  let db: Knex
  let fx: PaginationFixture

  beforeAll(async () => {
    db = sqlite.knex()
    fx = paginationFixture('install')
    for (const sql of fx.create) await db.raw(sql)
  })

  afterAll(async () => {
    await db.destroy()
  })

  it('adds query.paginate(n) and query.simplePaginate(n) to Knex builders', async () => {
    installKnexPagination(knexModule)
    const page = await db(fx.posts).orderBy('id').paginate(10, 2)
    expect(page).toBeInstanceOf(LengthAwarePaginator)
    expect(page.total()).toBe(53)
    expect(page.items()[0]).toMatchObject({ id: 11 })
    const simple = await db(fx.posts).where('status', 'draft').orderBy('id').simplePaginate(5)
    expect(simple).toBeInstanceOf(Paginator)
    expect(simple.count()).toBe(5)
    expect(simple.hasMorePages()).toBe(true)
  })

  it('can be called again, with the module or an instance, harmlessly', async () => {
    expect(() => installKnexPagination(knexModule)).not.toThrow()
    expect(() => installKnexPagination(db)).not.toThrow()
    expect((await db(fx.users).paginate(3)).lastPage()).toBe(3)
  })

  it('refuses to replace a paginate method another library installed', () => {
    const proto = Object.getPrototypeOf(db.queryBuilder()) as Record<string, unknown>
    const ours = proto.paginate
    proto.paginate = function otherPaginate() {}
    try {
      expect(() => installKnexPagination(db)).toThrow(/already have a "paginate" method/)
    } finally {
      proto.paginate = ours
    }
  })

  /** Takes `names` off every prototype of Knex's builders for the test, then puts them back. */
  async function withoutMethods(names: string[], test: () => Promise<void> | void) {
    const saved: [object, string, PropertyDescriptor][] = []
    for (let p = Object.getPrototypeOf(db.queryBuilder()) as object | null; p !== null;) {
      for (const name of names) {
        const d = Object.getOwnPropertyDescriptor(p, name)
        if (d !== undefined) saved.push([p, name, d])
        delete (p as Record<string, unknown>)[name]
      }
      p = Object.getPrototypeOf(p) as object | null
    }
    try {
      await test()
    } finally {
      for (const [p, name] of saved) delete (p as Record<string, unknown>)[name]
      for (const [p, name, d] of saved) Object.defineProperty(p, name, d)
    }
  }

  it('knows what it installed from the builder prototype, whichever was given first', () =>
    withoutMethods(['paginate', 'simplePaginate'], async () => {
      installKnexPagination(db)
      expect(() => installKnexPagination(knexModule)).not.toThrow()
      expect(() => installKnexPagination(db)).not.toThrow()
      expect((await db(fx.users).simplePaginate(2)).count()).toBe(2)
    }))

  it("refuses another library's paginate added through Knex's own extend", () =>
    withoutMethods(['paginate', 'simplePaginate'], () => {
      knexModule.QueryBuilder.extend('paginate', function otherPaginate() {
        return this
      })
      expect(() => installKnexPagination(knexModule)).toThrow(/already have a "paginate" method/)
      expect(() => installKnexPagination(db)).toThrow(/already have a "paginate" method/)
    }))

  it('marks a Knex-like object whose builders it cannot reach, so a second call is harmless', () => {
    const extended: string[] = []
    const fake = {
      QueryBuilder: {
        extend(name: string) {
          if (extended.includes(name)) throw new Error(`Can't extend with existing method`)
          extended.push(name)
        },
      },
    }
    installKnexPagination(fake as never)
    expect(() => installKnexPagination(fake as never)).not.toThrow()
    expect(extended).toEqual(['paginate', 'simplePaginate', 'cursorPaginate'])
    expect(Object.keys(fake)).toEqual(['QueryBuilder'])
    const other = { QueryBuilder: { extend: fake.QueryBuilder.extend } }
    expect(() => installKnexPagination(other as never)).toThrow(/already have a "paginate" method/)
  })
})

describe('Knex adapter bad input', () => {
  let db: Knex

  beforeAll(() => {
    db = sqlite.knex()
  })

  afterAll(async () => {
    await db.destroy()
  })

  it.each([
    ['an array of 2', [1, 2]],
    ['null', null],
    ['"users"', 'users'],
    ['an object', {}],
    ['a Promise', Promise.resolve([])],
  ])('rejects %s with a TypeError naming it and the supported kinds', async (got, value) => {
    for (const fn of [paginate, simplePaginate]) {
      const error = await fn(value as never, 10).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(TypeError)
      expect(error).toBeInstanceOf(UnsupportedQueryError)
      expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
      expect((error as Error).message).toContain(`${fn.name}() expects a Knex select query builder`)
      expect((error as Error).message).toContain(`got ${got}`)
    }
  })

  it('rejects a raw query and a non-select builder', async () => {
    await expect(paginate(db.raw('select 1') as never, 10)).rejects.toThrow(
      /got an instance of Raw/,
    )
    await expect(paginate(db('users').insert({ id: 1 }) as never, 10)).rejects.toThrow(
      /got a Knex insert query/,
    )
    await expect(paginate(db('users').first() as never, 10)).rejects.toThrow(
      /got a Knex first query/,
    )
  })

  it.each([0, -1, 2.5, NaN, '10'])('perPage %p is a TypeError naming perPage', async (perPage) => {
    await expect(paginate(db('users'), perPage as number)).rejects.toMatchObject({
      name: 'ArgumentError',
      argument: 'perPage',
      code: 'ERR_PER_PAGE',
    })
    await expect(simplePaginate(db('users'), perPage as number)).rejects.toThrow(TypeError)
  })

  it.each([0, -3, 2.5, NaN, '2'])(
    'an explicit page %p is a TypeError naming page',
    async (page) => {
      await expect(paginate(db('users'), 10, page as number)).rejects.toMatchObject({
        name: 'ArgumentError',
        argument: 'page',
        code: 'ERR_PAGE',
      })
      await expect(simplePaginate(db('users'), 10, page as number)).rejects.toThrow(
        /^page must be an integer >= 1/,
      )
    },
  )
})

// Type tests (checked by tsc): rows keep the builder's record type, on both call forms.
export async function knexTypeTests(db: Knex) {
  interface Post {
    id: number
    title: string
  }
  const page = await paginate(db<Post>('posts').orderBy('id'), 5)
  const title: string = page.items()[0].title
  const total: number = page.total()
  const simple = await simplePaginate(db<Post>('posts'), 5)
  // @ts-expect-error -- a simple page has no total()
  simple.total()
  const viaMethod = await db<Post>('posts').paginate(5)
  const id: number = viaMethod.items()[0].id
  return [title, total, id]
}
