// TypeORM and Sequelize where an attribute's column has another name (`nullableScore` in
// `nullable_score`), with includes and joins:
// - Sequelize `paginate()` of a query with an include counted `distinct` over the primary key's
//   attribute, which Sequelize then wrote as a column (`Ev.eventId`): an SQL error;
// - Sequelize `cursorPaginate()` on MySQL/MariaDB with a to-many include (the page is a subquery
//   whose columns are the attributes) and a NULLS placement written with a NULL test on the column
//   (`Ev.nullable_score`), which the outer query does not have: an SQL error;
// - TypeORM `cursorPaginate()` on MySQL/MariaDB of a builder with a join (its entities paged in a
//   DISTINCT sub-select) and such a NULL test as an order expression, which that sub-select cannot
//   read: a TypeORMError.
// Each walks (or counts) the same as without the include or join.
import 'reflect-metadata'
import { DataTypes, Model, Sequelize } from 'sequelize'
import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
} from 'typeorm'
import type { CursorPaginator } from 'api-resources'
import {
  cursorPaginate as sequelizeCursorPaginate,
  installSequelize,
  paginate as sequelizePaginate,
} from 'api-resources/sequelize'
import { cursorPaginate as typeormCursorPaginate } from 'api-resources/typeorm'
import { DIALECTS, uniqueName } from '../support/db'
import { walk } from './cursor-walk'

const SCORES = [null, 5, null, 1, 3, null, 5] // ids 1..7
/** The ids in `nullableScore ASC NULLS LAST, id ASC` order. */
const NULLS_LAST = [4, 5, 2, 7, 1, 3, 6]

describe.each(DIALECTS.map((d) => [d.name, d] as const))('Sequelize on %s, underscored', (name) => {
  const events = uniqueName('sqn_events')
  const comments = uniqueName('sqn_comments')
  const users = uniqueName('sqn_users')
  let sequelize: Sequelize
  class User extends Model {}
  class Ev extends Model {}
  class Comment extends Model {}

  beforeAll(async () => {
    sequelize =
      name === 'sqlite'
        ? new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false })
        : name === 'postgres'
          ? new Sequelize(process.env.PG_URL as string, { logging: false })
          : new Sequelize(process.env.MYSQL_URL as string, { logging: false })
    const options = { sequelize, underscored: true, timestamps: false }
    User.init(
      { userId: { type: DataTypes.INTEGER, primaryKey: true }, active: DataTypes.BOOLEAN },
      { ...options, tableName: users },
    )
    Ev.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        authorId: DataTypes.INTEGER,
        nullableScore: DataTypes.INTEGER,
      },
      { ...options, tableName: events },
    )
    Comment.init(
      { id: { type: DataTypes.INTEGER, primaryKey: true }, evId: DataTypes.INTEGER },
      { ...options, tableName: comments },
    )
    Ev.belongsTo(User, { as: 'author', foreignKey: 'authorId' })
    Ev.hasMany(Comment, { as: 'comments', foreignKey: 'evId' })
    installSequelize(sequelize)
    await sequelize.sync({ force: true })
    await User.bulkCreate([
      { userId: 1, active: true },
      { userId: 2, active: false },
    ])
    await Ev.bulkCreate(
      SCORES.map((score, i) => ({ id: i + 1, authorId: (i % 2) + 1, nullableScore: score })),
    )
    await Comment.bulkCreate([1, 2, 3].map((id) => ({ id, evId: 1 })))
  })

  afterAll(async () => {
    if (sequelize === undefined) return
    await sequelize.drop()
    await sequelize.close()
  })

  it('counts a query with an include when the primary key is a renamed column', async () => {
    class Event extends Model {}
    Event.init(
      { eventId: { type: DataTypes.INTEGER, primaryKey: true }, authorId: DataTypes.INTEGER },
      { sequelize, underscored: true, timestamps: false, tableName: uniqueName('sqn_pk') },
    )
    Event.belongsTo(User, { as: 'author', foreignKey: 'authorId' })
    await Event.sync({ force: true })
    try {
      await Event.bulkCreate([1, 2, 3, 4, 5, 6].map((i) => ({ eventId: i, authorId: (i % 2) + 1 })))
      const query = {
        model: Event,
        include: [{ association: 'author', where: { active: true } }],
        order: [['eventId', 'ASC']] as [string, string][],
      }
      const page = await sequelizePaginate(query, 2, 1)
      expect(page.total()).toBe(3)
      expect(page.items().map((e) => (e as unknown as { eventId: number }).eventId)).toEqual([2, 4])
    } finally {
      await Event.drop()
    }
  })

  it('walks a renamed nullable column, NULLs last, with a to-many include', async () => {
    await walk(
      (cursor) =>
        sequelizeCursorPaginate(
          {
            model: Ev,
            include: [{ association: 'comments' }],
            order: [
              ['nullableScore', 'ASC NULLS LAST'],
              ['id', 'ASC'],
            ],
          },
          2,
          cursor,
        ) as Promise<CursorPaginator<unknown>>,
      NULLS_LAST,
      2,
    )
  })
})

const EVENTS = uniqueName('tnm_events')
const COMMENTS = uniqueName('tnm_comments')

@Entity(EVENTS)
class TEvent {
  @PrimaryColumn({ type: 'int' }) id!: number
  @Column({ type: 'int', nullable: true, name: 'nullable_score' }) nullableScore!: number | null
  @OneToMany(() => TComment, (c) => c.ev) comments?: TComment[]
}
@Entity(COMMENTS)
class TComment {
  @PrimaryColumn({ type: 'int' }) id!: number
  @ManyToOne(() => TEvent, (e) => e.comments) @JoinColumn({ name: 'ev_id' }) ev?: TEvent
}

describe.each(DIALECTS.map((d) => [d.name, d] as const))('TypeORM on %s', (name) => {
  let ds: DataSource
  beforeAll(async () => {
    const common = { entities: [TEvent, TComment], synchronize: true, logging: false }
    ds =
      name === 'sqlite'
        ? new DataSource({ type: 'better-sqlite3', database: ':memory:', ...common })
        : new DataSource({
            type: name === 'postgres' ? 'postgres' : 'mariadb',
            url: name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL,
            ...common,
          })
    await ds.initialize()
    await ds
      .getRepository(TEvent)
      .save(SCORES.map((score, i) => ({ id: i + 1, nullableScore: score })))
    await ds.getRepository(TComment).save([1, 2].map((id) => ({ id, ev: { id: 1 } as TEvent })))
  })
  afterAll(async () => {
    if (ds === undefined) return
    await ds.query(`drop table ${COMMENTS}`).catch(() => undefined)
    await ds.query(`drop table ${EVENTS}`).catch(() => undefined)
    await ds.destroy()
  })

  it.each([false, true])('walks a nullable column, NULLs last (join: %p)', async (join) => {
    await walk(
      (cursor) => {
        const qb = ds.getRepository(TEvent).createQueryBuilder('e')
        if (join) qb.leftJoinAndSelect('e.comments', 'c')
        qb.orderBy('e.nullableScore', 'ASC', 'NULLS LAST').addOrderBy('e.id', 'ASC')
        return typeormCursorPaginate(qb, 2, cursor) as Promise<CursorPaginator<unknown>>
      },
      NULLS_LAST,
      2,
    )
  })
})
