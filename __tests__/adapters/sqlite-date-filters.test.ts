// A date-time filter on SQLite, which has no date type, compares the value as the ORM stores a
// `Date`, with the rows the ORM itself wrote: TypeORM a `datetime` column as UTC text
// (`2024-05-01 10:00:00.000`, which sorts below ISO's `T`), MikroORM a `Date` property as epoch
// milliseconds (every integer sorts below any text), Sequelize a `DATE` as text with its offset
// (`2024-05-01 10:00:00.000 +00:00`), Drizzle an `integer({ mode: 'timestamp' })`
// column as seconds or milliseconds. ISO text matched nothing, or the wrong rows, with TypeORM,
// MikroORM and Sequelize, and was a TypeError (a 500) with Drizzle, whose column maps only a Date.
import 'reflect-metadata'
import { EntitySchema as MikroEntitySchema } from '@mikro-orm/core'
import { MikroORM } from '@mikro-orm/better-sqlite'
import BetterSqlite3 from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core'
import { DataTypes, Sequelize, type ModelStatic, type Model } from 'sequelize'
import { DataSource, EntitySchema } from 'typeorm'
import { Field, JsonResource, defineQuery, queryPlan } from 'api-resources'
import {
  cursorPaginate as drizzleCursorPaginate,
  paginate as drizzlePaginate,
} from 'api-resources/drizzle'
import { installMikroOrm, paginate as mikroPaginate } from 'api-resources/mikro-orm'
import { paginate as sequelizePaginate } from 'api-resources/sequelize'
import { installTypeOrm, paginate as typeormPaginate } from 'api-resources/typeorm'

interface Event {
  id: number
  at: Date
}

class EventResource extends JsonResource<Event> {
  static query = defineQuery<Event>()({
    sort: ['id'],
    filters: { at: { type: 'date-time', operators: ['eq', 'gte', 'lt', 'in'] } },
  })
  @Field() id!: number
}

const rows: Event[] = [
  { id: 1, at: new Date('2024-05-01T10:00:00.000Z') },
  { id: 2, at: new Date('2024-05-01T12:00:00.000Z') },
]

// [query, the ids it selects]
const cases: [string, number[]][] = [
  ['filter[at]=2024-05-01T10:00:00.000Z', [1]],
  ['filter[at][gte]=2024-05-01T10:00:00Z', [1, 2]],
  ['filter[at][gte]=2024-05-01T10:00:00.001Z', [2]],
  ['filter[at][lt]=2024-05-01T11:00:00Z', [1]],
  ['filter[at][in]=2024-05-01T12:00:00Z,2024-05-02', [2]],
  ['filter[at][lt]=2024-05-01', []],
]

const plan = (query: string) => queryPlan(EventResource, { query: `${query}&sort=id` })
const ids = (page: { items(): unknown[] }) => page.items().map((row) => (row as Event).id)

describe('TypeORM, a datetime column', () => {
  const schema = new EntitySchema<Event>({
    name: 'DatedEvent',
    tableName: 'dated_events',
    columns: { id: { type: Number, primary: true }, at: { type: 'datetime' } },
  })
  let source: DataSource
  beforeAll(async () => {
    source = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [schema],
      synchronize: true,
    })
    await source.initialize()
    installTypeOrm(source)
    await source.getRepository(schema).save(rows)
  })
  afterAll(() => source.destroy())

  it('stores its own text, not ISO', async () => {
    const stored = (await source.query('select at from dated_events where id = 1')) as unknown[]
    expect(stored).toEqual([{ at: '2024-05-01 10:00:00.000' }])
  })

  it.each(cases)('%s selects %p', async (query, expected) => {
    const page = await typeormPaginate(
      source.getRepository(schema).createQueryBuilder('e'),
      plan(query),
    )
    expect(ids(page)).toEqual(expected)
  })
})

describe('MikroORM, a Date property', () => {
  const schema = new MikroEntitySchema<Event>({
    name: 'MikroDatedEvent',
    tableName: 'mikro_dated_events',
    properties: {
      id: { type: 'integer', primary: true, autoincrement: false },
      at: { type: 'datetime' },
    },
  })
  let orm: MikroORM
  beforeAll(async () => {
    orm = await MikroORM.init({
      dbName: ':memory:',
      entities: [schema],
      allowGlobalContext: true,
    })
    await orm.schema.createSchema()
    installMikroOrm(orm)
    const em = orm.em.fork()
    for (const row of rows) em.create(schema, row)
    await em.flush()
  })
  afterAll(() => orm.close())

  it('stores epoch milliseconds, not ISO', async () => {
    const stored = await orm.em
      .getConnection()
      .execute('select at, typeof(at) as kind from mikro_dated_events where id = 1')
    expect(stored).toEqual([{ at: rows[0].at.getTime(), kind: 'integer' }])
  })

  it.each(cases)('%s selects %p', async (query, expected) => {
    const page = await mikroPaginate(orm.em.fork().createQueryBuilder(schema, 'e'), plan(query))
    expect(ids(page)).toEqual(expected)
  })
})

describe('Sequelize, a DATE attribute', () => {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false })
  const DatedEvent: ModelStatic<Model> = sequelize.define(
    'DatedEvent',
    { id: { type: DataTypes.INTEGER, primaryKey: true }, at: DataTypes.DATE },
    { tableName: 'dated_events', timestamps: false },
  )
  beforeAll(async () => {
    await sequelize.sync()
    await DatedEvent.bulkCreate(rows.map((row) => ({ ...row })))
  })
  afterAll(() => sequelize.close())

  it('stores text with its offset, not ISO', async () => {
    const [stored] = await sequelize.query('select at from dated_events where id = 1')
    expect(stored).toEqual([{ at: '2024-05-01 10:00:00.000 +00:00' }])
  })

  it.each(cases)('%s selects %p', async (query, expected) => {
    const page = await sequelizePaginate({ model: DatedEvent }, plan(query))
    expect(page.items().map((row) => (row as Model).get('id'))).toEqual(expected)
  })
})

describe.each(['timestamp', 'timestamp_ms'] as const)(
  "Drizzle, integer({ mode: '%s' })",
  (mode) => {
    const events = sqliteTable('events', {
      id: integer('id').primaryKey(),
      at: (mode === 'timestamp'
        ? integer('at', { mode: 'timestamp' })
        : integer('at', { mode: 'timestamp_ms' })
      ).notNull(),
    })
    const raw = new BetterSqlite3(':memory:')
    const db = drizzle(raw, { schema: { events } })
    beforeAll(async () => {
      raw.exec('create table events (id integer primary key, at integer not null)')
      await db.insert(events).values(rows)
    })
    afterAll(() => raw.close())

    // mode 'timestamp' holds whole seconds: Drizzle drops a value's milliseconds, as it does
    // for a Date the app compares with the column itself
    const held = mode === 'timestamp' ? cases.filter(([query]) => !query.includes('.001')) : cases
    it.each(held)('%s selects %p (relational and select queries)', async (query, expected) => {
      expect(ids(await drizzlePaginate(db.query.events.findMany(), plan(query)))).toEqual(expected)
      const cursorPage = await drizzleCursorPaginate(db.select().from(events), plan(query))
      expect(ids(cursorPage)).toEqual(expected)
    })
  },
)
