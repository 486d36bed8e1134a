// Kysely's CamelCasePlugin (any plugin that renames the rows' keys): the database names a cursor
// column `sort_key`, the rows carry it as `sortKey`. The cursor's values are read under the key the
// plugin gives (learned from one row of NULLs run through the same plugins, only when the rows lack
// a name), so the pages walk; the first page was an ArgumentError, and a microsecond timestamp's
// exact text (under an internal alias the plugin renamed too) was handed out as null.
import { CamelCasePlugin, sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import { cursorPaginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../../support/db'
import { walk } from '../cursor-walk'

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

    /** Walks `query`'s pages both ways (see cursor-walk.ts), two rows a page. */
    const walkQuery = (query: () => Query, expected: readonly number[]) =>
      walk((cursor) => cursorPaginate(query(), 2, cursor), expected, 2)

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
      await walkQuery(query as () => Query, order)
    })

    it("walks a nullable column in the dialect's NULL order", async () => {
      const query = () =>
        db.selectFrom(table).select(['id', 'maybeNull']).orderBy('maybeNull').orderBy('id')
      const expected = (
        await plain.selectFrom(table).select('id').orderBy('maybe_null').orderBy('id').execute()
      ).map((r) => r.id as number)
      await walkQuery(query, expected)
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
