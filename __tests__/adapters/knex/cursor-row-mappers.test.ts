// Row mappers: Knex's `wrapIdentifier` and `postProcessResponse` (Objection's
// knexSnakeCaseMappers(), a camelCase postProcessResponse alone) and an Objection model's
// `columnNameMappers` (snakeCaseMappers()). The rows carry `createdAt` where the database names
// `created_at`, and a query may write either. Cursor pages walk both ways, every row once: the
// cursor's values are read under the keys the mappers give (learned from one row of NULLs run by
// the same client, only when the rows lack a name), and the catalog is asked for the names the
// SQL gives. Before, the first page was an ArgumentError, a cursor of NULLs (then a 400), or, for
// a microsecond timestamp written `createdAt`, a refusal as if its type were unknown.
import type { Knex } from 'knex'
import { Model, knexSnakeCaseMappers, snakeCaseMappers } from 'objection'
import type { CursorPaginator } from 'api-resources'
import { cursorPaginate } from 'api-resources/knex'
import { cursorPaginate as objectionCursorPaginate } from 'api-resources/objection'
import { DIALECTS, knexWith as knexWithConfig, uniqueName } from '../../support/db'
import { walk } from '../cursor-walk'

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
const camelRows = (result: unknown): unknown =>
  Array.isArray(result)
    ? result.map((row: unknown) =>
        typeof row === 'object' && row !== null && !Array.isArray(row)
          ? Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v]))
          : row,
      )
    : result

type Page = CursorPaginator<unknown>

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'cursor pages under row mappers on %s',
  (name, dialect) => {
    const table = uniqueName('kmap_rows')
    const timestamp =
      name === 'sqlite' ? 'text' : name === 'postgres' ? 'timestamp(6)' : 'datetime(6)'
    const open: Knex[] = []

    /** A Knex of the dialect with `config` added, its table created and filled (SQLite: its own). */
    async function knexWith(config: Partial<Knex.Config>): Promise<Knex> {
      const knex = await knexWithConfig(dialect, config)
      open.push(knex)
      await knex.raw(`drop table if exists ${table}`)
      await knex.raw(
        `create table ${table} (id integer primary key, sort_key integer not null, ` +
          `created_at ${timestamp} not null, maybe_null integer)`,
      )
      const values = [1, 2, 3, 4, 5, 6, 7].map(
        (id) =>
          `(${id}, ${[10, 20, 20, 40, 40, 60, 70][id - 1]}, '2024-01-01 00:00:00.00000${id}', ` +
          `${id % 3 === 0 ? 'null' : id})`,
      )
      await knex.raw(`insert into ${table} values ${values.join(', ')}`)
      return knex
    }

    /** Knex pages by `column` (the timestamp, as the query writes it) newest first, 2 a page. */
    async function walkNewestFirst(knex: Knex, column: string): Promise<void> {
      await walk(
        (c) =>
          cursorPaginate(knex(table).orderBy(column, 'desc').orderBy('id'), 2, c) as Promise<Page>,
        [7, 6, 5, 4, 3, 2, 1],
        2,
      )
    }

    afterEach(async () => {
      for (const knex of open.splice(0)) {
        await knex.raw(`drop table if exists ${table}`)
        await knex.destroy()
      }
    })

    it('Knex with knexSnakeCaseMappers(), the query written in camelCase', async () => {
      const knex = await knexWith(knexSnakeCaseMappers())
      await walkNewestFirst(knex, 'createdAt')
      await walk(
        (c) => cursorPaginate(knex(table).orderBy('sortKey').orderBy('id'), 3, c) as Promise<Page>,
        [1, 2, 3, 4, 5, 6, 7],
        3,
      )
    })

    it('Knex with a camelCase postProcessResponse alone, the query written as the database names', async () => {
      const knex = await knexWith({ postProcessResponse: camelRows })
      await walkNewestFirst(knex, 'created_at')
      const expected = (await knex(table).select('id').orderBy('maybe_null').orderBy('id')).map(
        (r: { id: number }) => r.id,
      )
      await walk(
        (c) =>
          cursorPaginate(knex(table).orderBy('maybe_null').orderBy('id'), 2, c) as Promise<Page>,
        expected,
        2,
      )
    })

    it("an Objection model's snakeCaseMappers()", async () => {
      const knex = await knexWith({})
      class Row extends Model {
        static override tableName = table
        static override get columnNameMappers() {
          return snakeCaseMappers()
        }
      }
      const Bound = Row.bindKnex(knex)
      await walk(
        (c) =>
          objectionCursorPaginate(
            Bound.query().orderBy('created_at', 'desc').orderBy('id'),
            2,
            c,
          ) as Promise<Page>,
        [7, 6, 5, 4, 3, 2, 1],
        2,
      )
      const first = await objectionCursorPaginate(
        Bound.query().orderBy('created_at').orderBy('id'),
        2,
        null,
      )
      expect(Object.keys(first.items()[0] as object).sort()).toEqual([
        'createdAt',
        'id',
        'maybeNull',
        'sortKey',
      ])
    })
  },
)
