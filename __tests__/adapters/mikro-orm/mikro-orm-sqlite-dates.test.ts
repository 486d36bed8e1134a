// MikroORM on SQLite stores a `Date` as epoch milliseconds in a `datetime` column; a cursor carries
// the stored value's text (`"1714557600000"`). The check of a SQLite date column's cursor values
// must take it (a possible date's text, a number, or a number's text), or every next page is a 400.
import 'reflect-metadata'
import { Entity, PrimaryKey, Property, type MikroORM } from '@mikro-orm/core'
import type { SqlEntityManager } from '@mikro-orm/knex'
import { cursorPaginate } from 'api-resources/mikro-orm'
import { initMikroOrm } from '../../support/mikro-orm'
import { walk } from '../cursor-walk'

@Entity({ tableName: 'dated_rows' })
class DatedRow {
  @PrimaryKey({ type: 'integer' }) id!: number
  @Property({ type: 'datetime' }) createdAt!: Date
}

describe('MikroORM on SQLite: a Date order column', () => {
  let orm: MikroORM
  beforeAll(async () => {
    orm = await initMikroOrm('sqlite', { entities: [DatedRow], allowGlobalContext: true })
    await orm.schema.createSchema()
    const em = orm.em.fork()
    // two rows share a date: the id breaks the tie
    for (const [id, day] of [
      [1, 3],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 5],
    ])
      em.create(DatedRow, { id, createdAt: new Date(Date.UTC(2024, 4, day, 10)) })
    await em.flush()
  })
  afterAll(() => orm.close())

  it('is stored as epoch milliseconds', async () => {
    const rows = await orm.em
      .getConnection()
      .execute('select typeof(created_at) as t from dated_rows')
    expect(new Set(rows.map((r: { t: string }) => r.t))).toEqual(new Set(['integer']))
  })

  it.each([
    ['ascending', 'asc', [2, 3, 4, 1, 5]],
    ['descending', 'desc', [5, 1, 3, 4, 2]],
  ] as const)('walks %s both ways, every row once', async (_label, direction, expected) => {
    await walk(
      (cursor) =>
        cursorPaginate(
          (orm.em.fork() as SqlEntityManager)
            .createQueryBuilder(DatedRow)
            .orderBy({ createdAt: direction, id: 'asc' }),
          2,
          cursor,
        ),
      expected,
      2,
    )
  })
})
