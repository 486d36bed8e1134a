// Kysely's CamelCasePlugin (any plugin that renames the rows' keys): the database names a cursor
// column `sort_key`, the rows carry it as `sortKey`. The cursor's values are read under the key the
// plugin gives (learned from one row of NULLs run through the same plugins, only when the rows lack
// a name), so the pages walk; the first page was an ArgumentError, and a microsecond timestamp's
// exact text (under an internal alias the plugin renamed too) was handed out as null.
import { CamelCasePlugin, sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import { Cursor } from 'api-resources'
import { cursorPaginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../../support/db'

type Query = SelectQueryBuilder<any, any, any>

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Kysely cursorPaginate() with CamelCasePlugin on %s',
  (name, dialect) => {
    let plain: Kysely<any>
    let db: Kysely<any>
    const table = uniqueName('kcamel_rows')
    const log: string[] = []
    const timestamp =
      name === 'sqlite' ? 'text' : name === 'postgres' ? 'timestamp(6)' : 'datetime(6)'

    beforeAll(async () => {
      plain = dialect.kysely<any>({ onQuery: (q) => log.push(q) })
      db = plain.withPlugin(new CamelCasePlugin())
      await sql
        .raw(
          `create table ${table} (id integer primary key, sort_key integer not null, ` +
            `created_at ${timestamp} not null, maybe_null integer)`,
        )
        .execute(plain)
      // microseconds apart, two sort keys repeated, NULLs in maybe_null
      await sql
        .raw(
          `insert into ${table} values ` +
            [1, 2, 3, 4, 5, 6, 7]
              .map(
                (id) =>
                  `(${id}, ${[10, 20, 20, 40, 40, 60, 70][id - 1]}, ` +
                  `'2024-01-01 00:00:00.00000${id}', ${id % 3 === 0 ? 'null' : id})`,
              )
              .join(', '),
        )
        .execute(plain)
    })

    afterAll(async () => {
      if (plain === undefined) return
      await plain.schema.dropTable(table).ifExists().execute()
      await plain.destroy()
    })

    /** Every page's ids walking `next` from the first page, then `prev` back from the last. */
    async function walk(query: () => Query): Promise<{ forward: number[][]; back: number[][] }> {
      const forward: number[][] = []
      let page = await cursorPaginate(query(), 2, null)
      for (;;) {
        forward.push(page.items().map((r) => (r as { id: number }).id))
        const next = page.nextCursor()
        if (next === null || forward.length > 10) break
        page = await cursorPaginate(query(), 2, Cursor.fromEncoded(next.encode()))
      }
      const back: number[][] = [forward[forward.length - 1]]
      for (;;) {
        const prev = page.previousCursor()
        if (prev === null || back.length > 10) break
        page = await cursorPaginate(query(), 2, Cursor.fromEncoded(prev.encode()))
        back.unshift(page.items().map((r) => (r as { id: number }).id))
      }
      return { forward, back }
    }

    it.each([
      [
        'a renamed column',
        () => db.selectFrom(table).select(['id', 'sortKey']).orderBy('sortKey').orderBy('id'),
        [1, 2, 3, 4, 5, 6, 7],
      ],
      [
        'selectAll(), a microsecond timestamp descending',
        () => db.selectFrom(table).selectAll().orderBy('createdAt', 'desc').orderBy('id'),
        [7, 6, 5, 4, 3, 2, 1],
      ],
      [
        'an alias',
        () =>
          db
            .selectFrom(table)
            .select(['id', 'sortKey as someKey'])
            .orderBy('someKey', 'desc')
            .orderBy('id'),
        [7, 6, 4, 5, 2, 3, 1],
      ],
    ] as const)('walks %s both ways, every row once', async (_label, query, order) => {
      const { forward, back } = await walk(query as () => Query)
      expect(forward.flat()).toEqual(order)
      expect(back).toEqual(forward)
    })

    it("walks a nullable column in the dialect's NULL order", async () => {
      const query = () =>
        db.selectFrom(table).select(['id', 'maybeNull']).orderBy('maybeNull').orderBy('id')
      const expected = (
        await plain.selectFrom(table).select('id').orderBy('maybe_null').orderBy('id').execute()
      ).map((r) => r.id as number)
      const { forward, back } = await walk(query)
      expect(forward.flat()).toEqual(expected)
      expect(back).toEqual(forward)
    })

    it("leaves the app's rows as its plugin shaped them", async () => {
      const page = await cursorPaginate(
        db.selectFrom(table).selectAll().orderBy('createdAt').orderBy('id'),
        2,
        null,
      )
      expect(Object.keys(page.items()[0] as object).sort()).toEqual([
        'createdAt',
        'id',
        'maybeNull',
        'sortKey',
      ])
    })

    it('costs no extra query when the rows carry the names the database gives', async () => {
      log.length = 0
      await cursorPaginate(
        plain.selectFrom(table).selectAll().orderBy('sort_key').orderBy('id'),
        2,
        null,
      )
      const pages = log.filter((q) => q.includes(table) || /\bnull as\b/i.test(q))
      expect(pages).toHaveLength(1)
    })
  },
)
