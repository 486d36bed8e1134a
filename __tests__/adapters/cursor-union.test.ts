// cursorPaginate() over set operations (UNION ALL, UNION, INTERSECT, EXCEPT) through Knex, Kysely and
// Objection on each database: the keyset restricts every SELECT by its own column (a column of
// another name, aliased or at the same position), the ORDER BY and LIMIT order and cut the whole.
// Walks over the hard column types (microsecond timestamps with and without a zone, floats,
// decimals, bigints past 2^53, NULLs, ties) compare with the same query without a cursor;
// cursor-types-tz.test.ts runs this file again under TZ=America/New_York. The Laravel union tests
// (DatabaseQueryBuilderTest, EloquentCursorPaginateTest) are ported at the end.
import type { Knex } from 'knex'
import type { Kysely, SelectQueryBuilder } from 'kysely'
import { sql } from 'kysely'
import { ArgumentError, Cursor } from 'api-resources'
import { cursorPaginate as knexCursorPaginate, paginate as knexPaginate } from 'api-resources/knex'
import {
  cursorPaginate as kyselyCursorPaginate,
  simplePaginate as kyselySimplePaginate,
} from 'api-resources/kysely'
import {
  cursorPaginate as objectionCursorPaginate,
  paginate as objectionPaginate,
} from 'api-resources/objection'
import { Model } from 'objection'
import { DIALECTS, uniqueName } from '../support/db'
import { inBothDirections, walk } from './cursor-walk'
import { TYPES, literal } from './cursor-types-suite'

/** The order columns the walks take, each followed by `id`. */
const COLUMNS = ['ts', 'tn', 'f', 'num', 'big', 'txt'] as const
const ROWS = 9

const ids = (rows: readonly unknown[]) => rows.map((r) => Number((r as { id: unknown }).id))

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'cursorPaginate() over a UNION on %s',
  (name, dialect) => {
    let knex: Knex
    let kysely: Kysely<any>
    const kyselyLog: string[] = []
    const knexLog: string[] = []
    // `b` calls its `ts` column `at`: its SELECT reads it as `at as ts` or at the same position
    const a = uniqueName('union_a')
    const b = uniqueName('union_b')
    const videos = uniqueName('union_videos')
    const news = uniqueName('union_news')
    const podcasts = uniqueName('union_podcasts')

    class A extends Model {
      static override tableName = a
    }
    class B extends Model {
      static override tableName = b
    }

    const ddl = (table: string, ts: string) =>
      `create table ${table} (id integer primary key, ${COLUMNS.map(
        (c) => `${c === 'ts' ? ts : c} ${TYPES[name][c]}`,
      ).join(', ')})`
    const insert = (table: string, ts: string, first: number, shift: number) =>
      `insert into ${table} (id, ${COLUMNS.map((c) => (c === 'ts' ? ts : c)).join(', ')}) values ${Array.from(
        { length: ROWS },
        (_, i) => `(${first + i}, ${COLUMNS.map((c) => literal(name, c, i + shift)).join(', ')})`,
      ).join(', ')}`
    const laravel = [
      `create table ${videos} (id integer primary key, start_time ${TYPES[name].tn}, type varchar(10), extra varchar(10), is_published integer)`,
      `create table ${news} (id integer primary key, created_at ${TYPES[name].tn}, type varchar(10), extra varchar(10), is_published integer)`,
      `create table ${podcasts} (id integer primary key, init_at ${TYPES[name].tn}, type varchar(10), extra varchar(10), is_published integer)`,
      `insert into ${videos} values (1, '2024-01-01 10:00:00.000001', 'video', 'first', 1), (2, '2024-01-03 10:00:00', 'video', 'first', 0), (3, null, 'video', 'first', 1)`,
      `insert into ${news} values (1, '2024-01-01 10:00:00.000003', 'news', 'second', 1), (4, '2024-01-02 10:00:00', 'news', 'first', 1), (5, '2024-01-04 10:00:00.5', 'news', 'second', 1)`,
      `insert into ${podcasts} values (1, '2024-01-01 10:00:00.000002', 'podcast', 'third', 1), (6, '2024-01-02 10:00:00', 'podcast', 'second', 1), (7, '2024-01-05 10:00:00', 'podcast', 'third', 1)`,
    ]

    beforeAll(async () => {
      knex = dialect.knex()
      knex.on('query', (q: { sql: string }) => knexLog.push(q.sql))
      kysely = dialect.kysely<any>({ onQuery: (text) => kyselyLog.push(text) })
      const statements = [
        ddl(a, 'ts'),
        ddl(b, 'at'),
        insert(a, 'ts', 1, 0),
        insert(b, 'at', 101, 2),
        ...laravel,
      ]
      const runners: Array<(text: string) => Promise<unknown>> = [(text) => knex.raw(text)]
      // SQLite in memory: Knex and Kysely each have their own database
      if (name === 'sqlite') runners.push((text) => sql.raw(text).execute(kysely))
      for (const run of runners) for (const text of statements) await run(text)
    })

    afterAll(async () => {
      if (knex === undefined) return
      for (const table of [a, b, videos, news, podcasts]) await knex.schema.dropTableIfExists(table)
      await knex.destroy()
      await kysely.destroy()
    })

    const aColumns = ['id', ...COLUMNS]
    const bAliased = ['id', 'at as ts', ...COLUMNS.slice(1)]
    const bPositional = ['id', 'at', ...COLUMNS.slice(1)]
    const direction = (descending: boolean) => (descending ? 'desc' : 'asc')

    const knexUnion = (column: string, descending: boolean) =>
      knex(a)
        .select(aColumns)
        .unionAll((u) => u.select(bAliased).from(b))
        .orderBy(column, direction(descending))
        .orderBy('id', direction(descending))
    const kyselyUnion = (column: string, descending: boolean): SelectQueryBuilder<any, any, any> =>
      kysely
        .selectFrom(a)
        .select(aColumns)
        .unionAll(kysely.selectFrom(b).select(bPositional))
        .orderBy(column, direction(descending))
        .orderBy('id', direction(descending))
    const objectionUnion = (column: string, descending: boolean) =>
      A.query(knex)
        .select(aColumns)
        .unionAll(B.query(knex).select(bAliased))
        .orderBy(column, direction(descending))
        .orderBy('id', direction(descending))

    const cases = inBothDirections(COLUMNS)

    it.each(cases)(
      'walks a UNION ALL of two tables by %s (descending: %s) forwards and back',
      async (column, descending) => {
        const expected = ids(await knexUnion(column, descending))
        expect(expected).toHaveLength(2 * ROWS)
        expect(expected.filter((id) => id > 100)).toHaveLength(ROWS)
        for (const perPage of [2, 3])
          await walk(
            (cursor) => knexCursorPaginate(knexUnion(column, descending), perPage, cursor),
            expected,
            perPage,
          )
        expect(ids(await kyselyUnion(column, descending).execute())).toEqual(expected)
        await walk(
          (cursor) => kyselyCursorPaginate(kyselyUnion(column, descending), 3, cursor),
          expected,
          3,
        )
        expect(ids(await objectionUnion(column, descending))).toEqual(expected)
        await walk(
          (cursor) => objectionCursorPaginate(objectionUnion(column, descending), 4, cursor),
          expected,
          4,
        )
      },
    )

    it('keeps the rows as the query gives them: models, no internal columns', async () => {
      const page = await knexCursorPaginate(knexUnion('ts', false), 5)
      const next = await knexCursorPaginate(knexUnion('ts', false), 5, page.nextCursor())
      for (const row of [...page.items(), ...next.items()])
        expect(Object.keys(row as object).sort()).toEqual([...aColumns].sort())
      const models = await objectionCursorPaginate(objectionUnion('tn', true), 5)
      for (const row of models.items()) {
        expect(row).toBeInstanceOf(A)
        expect(Object.keys(row).sort()).toEqual([...aColumns].sort())
      }
      const rows = await kyselyCursorPaginate(kyselyUnion('big', false), 5)
      for (const row of rows.items())
        expect(Object.keys(row as object).sort()).toEqual([...aColumns].sort())
    })

    // MariaDB has no NULLS FIRST/LAST; Kysely writes them for the others
    if (name !== 'mysql')
      it.each([false, true])(
        'walks a nullable column with the NULLs at the other end (descending: %s)',
        async (descending) => {
          const query = () =>
            kyselyUnion('ts', descending)
              .clearOrderBy()
              .orderBy('ts', (ob) => (descending ? ob.desc().nullsLast() : ob.asc().nullsLast()))
              .orderBy('id', descending ? 'desc' : 'asc')
          const expected = ids(await query().execute())
          // the NULLs (every fifth row of each table) come last whatever the direction
          expect(expected.slice(-4).sort()).toEqual([4, 9, 102, 107].sort())
          await walk((cursor) => kyselyCursorPaginate(query(), 3, cursor), expected, 3)
        },
      )

    it('walks UNION (distinct), INTERSECT and EXCEPT, with three SELECTs', async () => {
      const twice = () =>
        knex(a)
          .select('id', 'tn')
          .union([knex(a).select('id', 'tn'), knex(b).select('id', 'tn').where('id', '<', 105)])
          .orderBy('tn', 'desc')
          .orderBy('id')
      const both = () =>
        knex(a)
          .select('id', 'tn')
          .where('id', '>', 2)
          .intersect(knex(a).select('id', 'tn').where('id', '<', 8))
          .orderBy('tn')
          .orderBy('id', 'desc')
      const but = () =>
        kysely
          .selectFrom(a)
          .select(['id', 'tn'])
          .except(kysely.selectFrom(a).select(['id', 'tn']).where('id', '=', 4))
          .orderBy('tn')
          .orderBy('id')
      const unique = ids(await twice())
      expect(unique).toHaveLength(ROWS + 4)
      await walk((cursor) => knexCursorPaginate(twice(), 2, cursor), unique, 2)
      const common = ids(await both())
      expect(common).toEqual(expect.arrayContaining([3, 4, 5, 6, 7]))
      expect(common).toHaveLength(5)
      await walk((cursor) => knexCursorPaginate(both(), 2, cursor), common, 2)
      const rest = ids(await but().execute())
      expect(rest).toHaveLength(ROWS - 1)
      await walk((cursor) => kyselyCursorPaginate(but(), 3, cursor), rest, 3)
    })

    it('paginates and simple-paginates a UNION as before', async () => {
      const page = await knexPaginate(knexUnion('num', false), 4, 2)
      expect(page.total()).toBe(2 * ROWS)
      expect(ids(page.items())).toEqual(ids(await knexUnion('num', false)).slice(4, 8))
      const simple = await kyselySimplePaginate(kyselyUnion('big', true), 4, 5)
      expect(ids(simple.items())).toEqual(ids(await kyselyUnion('big', true).execute()).slice(16))
      expect(simple.hasMorePages()).toBe(false)
      const models = await objectionPaginate(objectionUnion('tn', true), 5, 3)
      expect(models.total()).toBe(2 * ROWS)
      expect(ids(models.items())).toEqual(ids(await objectionUnion('tn', true)).slice(10, 15))
    })

    it('refuses on the first page a column that is an expression in one SELECT', async () => {
      const query = knex(a)
        .select('id', 'ts')
        .unionAll(knex(b).select('id', knex.raw('null as ts')))
        .orderBy('ts')
        .orderBy('id')
      await expect(knexCursorPaginate(query, 3)).rejects.toThrow(ArgumentError)
      await expect(knexCursorPaginate(query, 3)).rejects.toThrow(
        /"ts" is an expression in the second SELECT of the union/,
      )
      const kquery = kysely
        .selectFrom(a)
        .select(['id', 'ts'])
        .unionAll(kysely.selectFrom(b).select(['id', sql<string>`null`.as('ts')]))
        .orderBy('ts')
        .orderBy('id')
      await expect(kyselyCursorPaginate(kquery, 3)).rejects.toThrow(
        /"ts" is an expression in the second SELECT of the union/,
      )
    })

    it('refuses on the first page a column whose type the catalog does not give', async () => {
      const derived = knex(a)
        .select('id', 'ts')
        .unionAll(knex.select('id', 'ts').from(knex(b).select('id', 'at as ts').as('s')))
        .orderBy('ts')
        .orderBy('id')
      knexLog.length = 0
      await expect(knexCursorPaginate(derived, 3)).rejects.toThrow(
        /the type of "ts" in the second SELECT of the union is not known/,
      )
      // only the catalog was read: no page ran
      expect(knexLog.filter((q) => /union/i.test(q))).toEqual([])
      const kderived = kysely
        .selectFrom(a)
        .select(['id', 'ts'])
        .unionAll(
          kysely
            .selectFrom(kysely.selectFrom(b).select(['id', 'at as ts']).as('s'))
            .select(['id', 'ts']),
        )
        .orderBy('ts')
        .orderBy('id')
      await expect(kyselyCursorPaginate(kderived, 3)).rejects.toThrow(
        /the type of "ts" in the second SELECT of the union is not known/,
      )
    })

    if (name !== 'sqlite')
      it('refuses on the first page a column whose exact type differs between SELECTs', async () => {
        // PostgreSQL: timestamptz and timestamp; MariaDB: int and bigint
        const [left, right] = name === 'postgres' ? ['ts', 'tn'] : ['id', 'big']
        const query = knex(a)
          .select(`${left} as v`, 'id')
          .unionAll(knex(b).select(`${right} as v`, 'id'))
          .orderBy('v')
          .orderBy('id')
        await expect(knexCursorPaginate(query, 3)).rejects.toThrow(
          /"v" is a .* in the first SELECT of the union and a .* in the second SELECT/,
        )
      })

    it('refuses raw SQL and a SELECT with a LIMIT of its own', async () => {
      const raw = knex(a)
        .select('id', 'tn')
        .unionAll(knex.raw(`select id, tn from ${b}`) as never)
        .orderBy('id')
      await expect(knexCursorPaginate(raw, 3)).rejects.toThrow(/raw SQL/)
      const limited = knex(a)
        .select('id', 'tn')
        .unionAll(knex(b).select('id', 'tn').orderBy('id').limit(2), true)
        .orderBy('id')
      await expect(knexCursorPaginate(limited, 3)).rejects.toThrow(/LIMIT or OFFSET of its own/)
      await expect(knexCursorPaginate(limited, 3)).rejects.toBeInstanceOf(ArgumentError)
    })

    // Laravel's DatabaseQueryBuilderTest, on real tables: the page's SQL restricts each SELECT by
    // its own column, and its rows are those of the query without a cursor after the cursor's
    const arms = () => {
      const video = knex(videos).select('id', 'start_time as created_at', 'type', 'extra')
      const item = knex(news).select('id', 'created_at', 'type', 'extra')
      const podcast = knex(podcasts).select('id', 'init_at as created_at', 'type', 'extra')
      return { video, item, podcast }
    }
    const quote = '[`"]?'
    // `op` or `op=` (a leading bound), after the SELECT's FROM and before the next SELECT
    // `column > ?`, or the first of a row value: `(column, id) > (?, ?)`
    const restricted = (table: string, column: string, op: string) =>
      new RegExp(
        `from ${quote}${table}${quote} where ((?!select).)*${quote}${column}${quote}(, [^)]*\\))? ${op}=? `,
      )

    async function lastPageSql<T>(run: () => Promise<T>): Promise<{ result: T; text: string }> {
      knexLog.length = 0
      const result = await run()
      const text = knexLog.filter((q) => / union /i.test(q)).pop() ?? ''
      return { result, text }
    }

    it('restricts every SELECT by its own column (testCursorPaginateWithUnionWheres)', async () => {
      const { video, item } = arms()
      const query = () => video.clone().union(item.clone()).orderBy('created_at').orderBy('id')
      // the first video, one microsecond before the first news item and two before the podcast
      const cursor = new Cursor({ created_at: '2024-01-01 10:00:00.000001', id: 1 })
      const all = (await query()) as Array<{ id: number; type: string }>
      const { result, text } = await lastPageSql(() => knexCursorPaginate(query(), 16, cursor))
      expect(text).toMatch(restricted(videos, 'start_time', '>'))
      expect(text).toMatch(restricted(news, 'created_at', '>'))
      expect(text).toMatch(new RegExp(`order by ${quote}created_at${quote} asc`))
      // NULL sorts first but on PostgreSQL; the cursor's row and the rows before it are left out
      const after = all.slice(all.findIndex((r) => r.id === 1 && r.type === 'video') + 1)
      expect(after.map((r) => r.type).slice(0, 1)).toEqual(['news'])
      expect(result.items()).toEqual(after)
    })

    it('keeps each SELECT its own WHERE (testCursorPaginateWithMultipleUnionsAndMultipleWheres)', async () => {
      const { video, item, podcast } = arms()
      const query = () =>
        video
          .clone()
          .union(item.clone().where('extra', 'first'))
          .union(podcast.clone().where('extra', 'second'))
          .orderBy('created_at')
          .orderBy('id')
      const all = (await query()) as Array<{ id: number }>
      expect(ids(all).sort()).toEqual([1, 2, 3, 4, 6])
      const first = await knexCursorPaginate(query(), 2)
      const { result, text } = await lastPageSql(() =>
        knexCursorPaginate(query(), 2, first.nextCursor()),
      )
      expect(text).toMatch(restricted(podcasts, 'extra', '='))
      expect(text).toMatch(restricted(podcasts, 'init_at', '>'))
      expect([...first.items(), ...result.items()]).toEqual(all.slice(0, 4))
    })

    it('walks several order columns of mixed directions (testCursorPaginateWithUnionMultipleWheresMultipleOrders)', async () => {
      const { video, item, podcast } = arms()
      const query = () =>
        video
          .clone()
          .where('extra', 'first')
          .union([item.clone().where('extra', 'second'), podcast.clone().where('extra', 'third')])
          .orderBy('id')
          .orderBy('created_at', 'desc')
          .orderBy('type')
      const all = (await query()) as Array<{ id: number; type: string }>
      expect(all).toHaveLength(7)
      const key = (r: { id: number; type: string }) => `${r.type}${r.id}`
      const cursor = new Cursor({ id: 1, created_at: '2024-01-01 10:00:00.000003', type: 'news' })
      const { result, text } = await lastPageSql(() => knexCursorPaginate(query(), 16, cursor))
      expect(text).toMatch(restricted(videos, 'extra', '='))
      expect(text).toMatch(new RegExp(`${quote}start_time${quote} < `))
      expect(text).toMatch(new RegExp(`${quote}init_at${quote} < `))
      const from = all.findIndex((r) => r.id === 1 && r.type === 'news') + 1
      expect(result.items().map((r) => key(r as never))).toEqual(all.slice(from).map(key))
      await walk((c) => knexCursorPaginate(query(), 2, c), ids(all), 2)
    })

    it('reads a cursor to the previous page backwards (testCursorPaginateWithUnionWheresReverseOrder)', async () => {
      const { video, item } = arms()
      const query = () => video.clone().union(item.clone()).orderBy('created_at').orderBy('id')
      const all = (await query()) as Array<{ id: number; type: string }>
      const cursor = new Cursor({ created_at: '2024-01-03 10:00:00', id: 2 }, false)
      const { result, text } = await lastPageSql(() => knexCursorPaginate(query(), 16, cursor))
      expect(text).toMatch(restricted(videos, 'start_time', '<'))
      expect(text).toMatch(new RegExp(`order by ${quote}created_at${quote} desc`))
      const before = all.slice(
        0,
        all.findIndex((r) => r.id === 2 && r.type === 'video'),
      )
      expect(result.items()).toEqual(before)
    })

    it('reads an aliased column of each SELECT (testCursorPaginateWithUnionWheresAndAliassedOrderColumns)', async () => {
      const { video, item, podcast } = arms()
      const query = () =>
        video
          .clone()
          .union([item.clone(), podcast.clone()])
          .orderBy('created_at', 'desc')
          .orderBy('id')
      const all = (await query()) as Array<{ id: number }>
      const { text } = await lastPageSql(() =>
        knexCursorPaginate(query(), 3, new Cursor({ created_at: '2024-01-04 10:00:00.5', id: 5 })),
      )
      expect(text).toMatch(restricted(podcasts, 'init_at', '<'))
      await walk((c) => knexCursorPaginate(query(), 3, c), ids(all), 3)
    })

    it('refuses a raw ORDER BY (testCursorPaginateWithUnionWheresWithRawOrderExpression)', async () => {
      const { video, item } = arms()
      const query = video
        .clone()
        .union(item.clone())
        .orderByRaw("case when id = 3 and type = 'news' then 0 else 1 end")
        .orderBy('created_at')
      await expect(knexCursorPaginate(query, 16)).rejects.toThrow(/orderByRaw/)
    })

    // Laravel's EloquentCursorPaginateTest
    it('names the order columns as the cursor parameters (testPaginationWithUnion)', async () => {
      const query = A.query(knex)
        .select('id', 'num')
        .whereIn('id', [1, 2])
        .unionAll(A.query(knex).select('id', 'num').whereIn('id', [3, 4]))
        .orderBy('id', 'desc')
      const page = await objectionCursorPaginate(query, 1)
      expect(page.toJSON().next_cursor).not.toBeNull()
      expect(Cursor.fromEncoded(page.toJSON().next_cursor as string)?.names()).toEqual(['id'])
      expect(ids(page.items())).toEqual([4])
    })

    it('pages three SELECTs with their own WHERE (testPaginationWithMultipleUnionAndMultipleWhereClauses)', async () => {
      const { video, item, podcast } = arms()
      const query = video
        .clone()
        .where('extra', 'first')
        .union(item.clone().where('extra', 'second'))
        .union(podcast.clone().where('extra', 'second'))
        .orderBy('id', 'asc')
      const page = await knexCursorPaginate(query, 1, new Cursor({ id: 2 }))
      expect(page.items()).toEqual([expect.objectContaining({ id: 3, type: 'video' })])
    })

    it('pages SELECTs aliasing different columns (testPaginationWithMultipleAliases)', async () => {
      const query = kysely
        .selectFrom(videos)
        .select('type as alias')
        .union(kysely.selectFrom(podcasts).select('extra as alias'))
        .orderBy('alias', 'asc')
      const page = await kyselyCursorPaginate(query, 1, new Cursor({ alias: 'second' }))
      expect(page.items()).toEqual([{ alias: 'third' }])
      await walk(
        (c) =>
          kyselyCursorPaginate(query, 1, c).then((p) => {
            // the walk compares ids: give each alias a number
            const order = ['second', 'third', 'video']
            for (const row of p.items() as Array<{ alias: string; id?: number }>)
              row.id = order.indexOf(row.alias)
            return p
          }),
        [0, 1, 2],
        1,
      )
    })
  },
)
