// Prisma schemas as apps write them, on SQLite and PostgreSQL:
// - an enum order column: Prisma's enum filters have no `gt`/`lt`, so the keyset lists the values
//   beyond the cursor's, in the order the database sorts them (PostgreSQL: as declared; SQLite: the
//   stored text, `@map` included). Before, every next page was Prisma's validation error (a 500).
// - a required field after a `}` inside an attribute (`@default("{}")`): the model's block was cut
//   at that `}`, so the field after it was taken as optional, and its NULL branch was Prisma's
//   validation error on the next page.
// - an app's own `include` of a relation, with its `where`, and `_count` of it: a plan's
//   `include=items,items_count` keeps them. Before, the plan's entry replaced the app's, and a client
//   saw the rows the app's filter left out.
// - a to-many include of a model keyed by `@@id([...])`: its rows in key order (before, only a
//   single `@id` gave an order, and these came in the database's order).
import type { Knex } from 'knex'
import knexFactory from 'knex'
import { Field, JsonResource, WhenCounted, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
import { cursorPaginate, paginate } from 'api-resources/prisma'
import type { CursorPaginator } from 'api-resources'
import { walk } from '../cursor-walk'
import { openPrisma, prismaDialects } from './prisma-test-db'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MOODS = ['sad', 'happy', 'calm', 'happy', 'sad', 'calm', 'calm', 'sad', 'happy']
// the database's text of each value (`happy` is stored as `glad`)
const STORED: Record<string, string> = { sad: 'sad', happy: 'glad', calm: 'calm' }

interface EdgeRow {
  id: number
  mood: string
  rank: number
  items?: { id: number }[]
  items_count?: number
  slots?: { rowId: number; slot: number }[]
}

class ItemOut extends JsonResource<{ id: number }> {
  @Field() id!: number
}

class SlotOut extends JsonResource<{ rowId: number; slot: number }> {
  @Field() rowId!: number
  @Field() slot!: number
}

class RowOut extends JsonResource<EdgeRow> {
  static query = defineQuery<EdgeRow>()({ sort: ['id'] })
  @Field() id!: number
  @WhenLoaded(() => ItemOut) items?: unknown
  @WhenLoaded(() => SlotOut) slots?: unknown
  @WhenCounted() items_count?: number
}

type Delegate = { findMany(args: object): Promise<EdgeRow[]> }

describe.each(prismaDialects().map((d) => [d] as const))('Prisma schema edges on %s', (name) => {
  let knex: Knex
  let rows: Delegate
  let close: () => Promise<void>
  const file = join(mkdtempSync(join(tmpdir(), 'prisma-edges-')), 'db.sqlite')

  beforeAll(async () => {
    knex = knexFactory(
      name === 'sqlite'
        ? { client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true }
        : { client: 'pg', connection: process.env.PG_URL },
    )
    await dropTables(knex, name)
    if (name === 'postgres')
      await knex.raw(`create type "EdgeMood" as enum ('sad', 'glad', 'calm')`)
    const mood = name === 'postgres' ? '"EdgeMood"' : 'text'
    await knex.raw(
      `create table prisma_edge_rows (id integer primary key, note text not null default '{}', ` +
        `mood ${mood} not null, rank integer not null)`,
    )
    await knex.raw(
      `create table prisma_edge_items (id integer primary key, row_id integer not null)`,
    )
    await knex('prisma_edge_rows').insert(
      MOODS.map((m, i) => ({ id: i + 1, mood: STORED[m], rank: [3, 1, 3, 2, 1, 3, 2, 2, 1][i] })),
    )
    await knex('prisma_edge_items').insert(
      Array.from({ length: 12 }, (_, i) => ({ id: i + 1, row_id: (i % 3) + 1 })),
    )
    await knex.raw(
      `create table prisma_edge_slots (row_id integer not null, slot integer not null, ` +
        `primary key (row_id, slot))`,
    )
    // stored newest first, so the database's order is not the key's
    for (const slot of [9, 3, 7, 1, 5])
      await knex('prisma_edge_slots').insert([
        { row_id: 2, slot },
        { row_id: 1, slot },
      ])
    const client = openPrisma({ dialect: name, file, url: process.env.PG_URL ?? '' })
    rows = (client as unknown as { edgeRow: Delegate }).edgeRow
    close = () => client.$disconnect()
  })

  afterAll(async () => {
    await close?.()
    if (knex === undefined) return
    await dropTables(knex, name)
    await knex.destroy()
  })

  /** The ids of every row in `orderBy`, as Prisma reads them without pages. */
  const all = async (orderBy: object[]) => (await rows.findMany({ orderBy })).map((r) => r.id)

  it.each([
    ['mood asc', [{ mood: 'asc' }, { id: 'asc' }]],
    ['mood desc', [{ mood: 'desc' }, { id: 'desc' }]],
    ['mood desc, id asc', [{ mood: 'desc' }, { id: 'asc' }]],
  ])('walks cursor pages ordered by an enum (%s), both ways', async (_label, orderBy) => {
    const expected = await all(orderBy)
    // the database's own order of the enum, not the order of the values' names
    expect(expected).toHaveLength(MOODS.length)
    for (const perPage of [1, 2, 4])
      await walk(
        (cursor) =>
          cursorPaginate(rows as never, { orderBy } as never, perPage, cursor) as Promise<
            CursorPaginator<unknown>
          >,
        expected,
        perPage,
      )
  })

  it('walks cursor pages ordered by a required field declared after a `}` in an attribute', async () => {
    for (const orderBy of [
      [{ rank: 'asc' }, { id: 'asc' }],
      [{ rank: 'desc' }, { id: 'desc' }],
    ])
      await walk(
        (cursor) =>
          cursorPaginate(rows as never, { orderBy } as never, 2, cursor) as Promise<
            CursorPaginator<unknown>
          >,
        await all(orderBy),
        2,
      )
  })

  it("keeps an app's own include arguments and _count filter when the plan includes the relation", async () => {
    const own = {
      include: {
        items: { where: { id: { gt: 6 } } },
        _count: { select: { items: { where: { id: { gt: 6 } } } } },
      },
    }
    const page = await paginate(
      rows as never,
      own as never,
      queryPlan(RowOut, { query: 'include=items,items_count' }),
    )
    const body = RowOut.collection(page).toJSON() as {
      data: { id: number; items: { id: number }[]; items_count: number }[]
    }
    const first = body.data.find((row) => row.id === 1)!
    // items 1, 4, 7, 10 belong to row 1; the app's where keeps 7 and 10, in key order
    expect(first.items.map((item) => item.id)).toEqual([7, 10])
    expect(first.items_count).toBe(2)
  })

  it('orders a to-many include of a model keyed by @@id by that key', async () => {
    const page = await paginate(
      rows as never,
      {} as never,
      queryPlan(RowOut, { query: 'include=slots' }),
    )
    const body = RowOut.collection(page).toJSON() as {
      data: { id: number; slots: { rowId: number; slot: number }[] }[]
    }
    const slots = (id: number) => body.data.find((row) => row.id === id)!.slots
    expect(slots(1).map((s) => s.slot)).toEqual([1, 3, 5, 7, 9])
    expect(slots(2).map((s) => [s.rowId, s.slot])).toEqual([
      [2, 1],
      [2, 3],
      [2, 5],
      [2, 7],
      [2, 9],
    ])
    expect(slots(3)).toEqual([])
  })
})

async function dropTables(knex: Knex, name: string): Promise<void> {
  await knex.schema.dropTableIfExists('prisma_edge_slots')
  await knex.schema.dropTableIfExists('prisma_edge_items')
  await knex.schema.dropTableIfExists('prisma_edge_rows')
  if (name === 'postgres') await knex.raw('drop type if exists "EdgeMood"')
}
