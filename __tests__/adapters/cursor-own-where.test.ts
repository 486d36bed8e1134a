// A query whose own WHERE has a top-level OR (or raw SQL holding one) keeps its meaning when the
// keyset, or a query plan's filters, are ANDed to it: `a = 1 or a = 2` pages as one group, never as `a = 1 or (a = 2 and keyset)`,
// which repeats rows and can page forever. Knex, Objection (through Knex) and Kysely, on every
// dialect, forwards and back, over a UNION's SELECTs too.
import type { Knex } from 'knex'
import { sql, type Kysely } from 'kysely'
import { Model } from 'objection'
import { Field, JsonResource, defineQuery, queryPlan } from 'api-resources'
import {
  applyQueryPlan as applyKnexPlan,
  cursorPaginate as knexCursorPaginate,
} from 'api-resources/knex'
import {
  applyQueryPlan as applyKyselyPlan,
  cursorPaginate as kyselyCursorPaginate,
} from 'api-resources/kysely'
import {
  cursorPaginate as objectionCursorPaginate,
  paginate as objectionPaginate,
} from 'api-resources/objection'
import { DIALECTS, uniqueName } from '../support/db'
import { walk } from './cursor-walk'

interface Row {
  id: number
  a: number
  b: number
}

class RowResource extends JsonResource<Row> {
  static query = defineQuery<Row>()({
    sort: ['id'],
    filters: { b: { type: 'integer', operators: ['eq'] } },
  })
  @Field() id!: number
}

// b = 0: ids 1, 4 and 7, of which only 1 has a in (1, 2)
const planB0 = () => queryPlan(RowResource, { query: 'filter[b]=0' })
const idsOf = (rows: readonly unknown[]) => rows.map((r) => Number((r as Row).id))

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'own WHERE with OR on %s',
  (_, dialect) => {
    let knex: Knex
    let kysely: Kysely<any>
    const table = uniqueName('own_where')
    const ktable = uniqueName('own_kwhere')
    const log: string[] = []

    beforeAll(async () => {
      knex = dialect.knex()
      knex.on('query', (q: { sql: string }) => log.push(q.sql))
      kysely = dialect.kysely<any>()
      await knex.schema.createTable(table, (t) => {
        t.integer('id').primary()
        t.integer('a').notNullable()
        t.integer('b').notNullable()
      })
      // a in (1, 2): ids 1, 2, 3, 5, 6, 8 (a = 3 for 4 and 7)
      const a = [1, 2, 1, 3, 2, 1, 3, 2]
      const rows = a.map((value, i) => ({ id: i + 1, a: value, b: i % 3 }))
      await knex(table).insert(rows)
      // (Kysely has a connection of its own: an in-memory SQLite database of its own too)
      await kysely.schema
        .createTable(ktable)
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('a', 'integer', (c) => c.notNull())
        .addColumn('b', 'integer', (c) => c.notNull())
        .execute()
      await kysely.insertInto(ktable).values(rows).execute()
    })
    afterAll(async () => {
      await knex?.schema.dropTableIfExists(table)
      await kysely?.schema.dropTable(ktable).ifExists().execute()
      await knex?.destroy()
      await kysely?.destroy()
    })

    const byId = [1, 2, 3, 5, 6, 8]
    it.each([1, 2, 4])('Knex where().orWhere() and whereRaw, %d a page', async (perPage) => {
      await walk(
        (cursor) =>
          knexCursorPaginate(
            knex(table).where('a', 1).orWhere('a', 2).orderBy('id'),
            perPage,
            cursor,
          ),
        byId,
        perPage,
      )
      await walk(
        (cursor) =>
          knexCursorPaginate(
            knex(table).whereRaw('a = 1 or a = 2').orderBy('b').orderBy('id'),
            perPage,
            cursor,
          ),
        [...byId].sort((x, y) => ((x - 1) % 3) - ((y - 1) % 3) || x - y),
        perPage,
      )
    })

    it('Knex: a WHERE of ANDed terms is sent as it is', async () => {
      log.length = 0
      const first = await knexCursorPaginate(
        knex(table).where('a', 1).where('b', 0).orderBy('id'),
        1,
      )
      await knexCursorPaginate(
        knex(table).where('a', 1).where('b', 0).orderBy('id'),
        1,
        first.nextCursor(),
      )
      expect(log.at(-1)).not.toMatch(/where \(/)
    })

    it('Knex: each SELECT of a UNION keeps its own OR', async () => {
      // each SELECT's own OR (`b = 9` matches nothing: the OR must not let rows back in)
      const distinct = () =>
        knex(table)
          .select('id', 'a')
          .where('a', 1)
          .orWhere('b', 9)
          .unionAll((u) => u.select('id', 'a').from(table).where('a', 2).orWhere('b', 9))
          .orderBy('a')
          .orderBy('id')
      await walk((cursor) => knexCursorPaginate(distinct(), 2, cursor), [1, 3, 6, 2, 5, 8], 2)
    })

    it('Objection where().orWhere()', async () => {
      class Row extends Model {
        static override tableName = table
      }
      await walk(
        (cursor) =>
          objectionCursorPaginate(
            Row.query(knex).where('a', 1).orWhere('a', 2).orderBy('id'),
            2,
            cursor,
          ),
        byId,
        2,
      )
    })

    it('Kysely where(sql`a = 1 or a = 2`)', async () => {
      await walk(
        (cursor) =>
          kyselyCursorPaginate(
            kysely
              .selectFrom(ktable)
              .selectAll()
              .where(sql<boolean>`a = 1 or a = 2`)
              .orderBy('id'),
            2,
            cursor,
          ),
        byId,
        2,
      )
    })

    it('query plans: the filters AND with the whole of the own WHERE', async () => {
      const knexRows = await applyKnexPlan(knex(table).where('a', 1).orWhere('a', 2), planB0())
      expect(idsOf(knexRows)).toEqual([1])
      const kyselyRows = await applyKyselyPlan(
        kysely
          .selectFrom(ktable)
          .selectAll()
          .where(sql<boolean>`a = 1 or a = 2`),
        planB0(),
      ).execute()
      expect(idsOf(kyselyRows)).toEqual([1])
      class Row extends Model {
        static override tableName = table
      }
      const page = await objectionPaginate(Row.query(knex).where('a', 1).orWhere('a', 2), planB0())
      expect(idsOf(page.items())).toEqual([1])
      expect(page.total()).toBe(1)
    })
  },
)
