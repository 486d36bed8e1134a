// A deep Prisma cursor page on PostgreSQL reads an index range from the cursor. Prisma's `where`
// has no row values, so the keyset is the nested form (`a < x or (a = x and b < y)`), which
// PostgreSQL's planner does not turn into an index range: before, the page after row 25,000 of
// 30,000 was an index scan that filtered out the 25,000 rows before it. A NOT NULL first column now
// bounds the range (`a <= x and (...)`): the scan starts at the cursor and reads about a page (and
// the ties of the first column). EXPLAIN (ANALYZE) of the query Prisma logged.
import { Client } from 'pg'
import { Cursor } from 'api-resources'
import { cursorPaginate } from 'api-resources/prisma'
import { dialectNames, prepareDatabase, type OrmDatabase } from '../../support/db'
import { expectOneIndexRange } from '../../support/pg-plan'
import { openPrisma, type PrismaTestClient } from './prisma-test-db'

const ROWS = 30_000
const DEEP = 25_000
const PER_PAGE = 20

const run = dialectNames().includes('postgres') ? describe : describe.skip

run('Prisma cursor pages deep in a PostgreSQL table', () => {
  let db: OrmDatabase
  let pg: Client
  let prisma: PrismaTestClient & {
    $on(event: 'query', fn: (e: { query: string; params: string }) => void): void
  }
  const log: { query: string; params: string }[] = []

  beforeAll(async () => {
    db = await prepareDatabase('postgres', 'prisma_deep')
    pg = new Client({ connectionString: db.url })
    await pg.connect()
    // 1,000 writers, 30 posts each: the first order column has ties
    // (ids of their own: the seed's rows were written with theirs, the sequences not advanced)
    await pg.query(
      `insert into users (id, name, active)
       select 100000 + g, 'u' || g, true from generate_series(1, 1000) g`,
    )
    await pg.query(
      `insert into posts (id, user_id, title, published)
       select 100000 + g, 100001 + g % 1000, 'p' || g, g % 2 = 0
       from generate_series(1, ${ROWS}) g`,
    )
    await pg.query('create index posts_user_id_id on posts (user_id, id)')
    await pg.query('analyze posts')
    prisma = openPrisma(db, { log: [{ emit: 'event', level: 'query' }] }) as typeof prisma
    prisma.$on('query', (e) => log.push(e))
  }, 120_000)

  afterAll(async () => {
    await prisma?.$disconnect()
    await pg?.end()
  })

  it.each([
    ['desc', 'desc'],
    ['asc', 'asc'],
  ] as const)('orders by userId %s, id %s: an index range from the cursor', async (a, b) => {
    const orderBy = [{ userId: a }, { id: b }]
    const all = (await prisma.post.findMany({ orderBy, select: { id: true, userId: true } })) as {
      id: number
      userId: number
    }[]
    expect(all.length).toBeGreaterThanOrEqual(ROWS)
    const at = all[DEEP]
    log.length = 0
    const page = await cursorPaginate(
      prisma.post,
      { orderBy },
      PER_PAGE,
      new Cursor({ userId: at.userId, id: at.id }),
    )
    expect(page.items().map((row) => (row as { id: number }).id)).toEqual(
      all.slice(DEEP + 1, DEEP + 1 + PER_PAGE).map((row) => row.id),
    )
    const query = log.find((e) => /order by/i.test(e.query) && /limit/i.test(e.query))!
    const explained = await pg.query(
      `explain (analyze, format json) ${query.query}`,
      JSON.parse(query.params) as unknown[],
    )
    // the rows before the cursor are not read: at most the ties of userId (30) are filtered out
    expectOneIndexRange(explained.rows, 30)
  })
})
