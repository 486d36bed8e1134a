import { col, fn, Op, where, type Sequelize } from 'sequelize'
import { MISSING, LengthAwarePaginator, Paginator } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation, modelAttribute } from 'api-resources/adapter'
import { installSequelize, paginate, simplePaginate } from 'api-resources/sequelize'
import { dialectNames, prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
import { Loose, openSequelize, Post, Tag, User } from './sequelize-models'

describe.each(dialectNames())('sequelize on %s', (dialect) => {
  let sequelize: Sequelize
  let db: OrmDatabase

  beforeAll(async () => {
    db = await prepareDatabase(dialect, 'sequelize')
    sequelize = await openSequelize(db)
    const models = { ...sequelize.models }
    delete models.Loose
    installSequelize({ models })
  })
  afterAll(async () => {
    await sequelize.close()
  })

  describe('model rules', () => {
    it('sees an included association and not one that was not included', async () => {
      const post = (await Post.findByPk(1, { include: ['comments'] }))!
      expect(loadedRelation(post, 'comments')).toHaveLength(3)
      expect(loadedRelation(post, 'author')).toBe(MISSING)
      expect(loadedRelation(post, 'tags')).toBe(MISSING)
    })

    it('gives an empty list for an included has-many without rows', async () => {
      const dave = (await User.findByPk(4, { include: ['posts'] }))!
      expect(loadedRelation(dave, 'posts')).toEqual([])
    })

    it('gives MISSING for a name that is not an association, and never throws', async () => {
      const post = (await Post.findByPk(1))!
      expect(loadedRelation(post, 'nope')).toBe(MISSING)
      expect(loadedRelation(post, 'title')).toBe(MISSING)
      expect(loadedRelation(post, 'constructor')).toBe(MISSING)
      // a getter method Sequelize adds is never called
      expect(loadedRelation(post, 'getComments')).toBe(MISSING)
    })

    it('reads a count that only get() knows, without calling get()', async () => {
      const user = (await User.findByPk(1, {
        attributes: { include: [[fn('COUNT', col('posts.id')), 'posts_count']] },
        include: [{ association: 'posts', attributes: [] }],
        group: ['User.id'],
      }))!
      expect((user as unknown as Record<string, unknown>).posts_count).toBeUndefined()
      expect(Number(loadedCount(user, 'posts'))).toBe(10)
      expect(Number(modelAttribute(user, 'posts_count'))).toBe(10)
      expect(loadedCount((await User.findByPk(1))!, 'posts')).toBe(MISSING)
    })

    it('offers the through row under the through model name, pivot and a renamed `as`', async () => {
      const post = (await Post.findByPk(1, {
        include: [{ association: 'tags', through: { attributes: ['role'] } }],
        order: [[{ model: Tag, as: 'tags' }, 'id', 'ASC']],
      }))!
      const tags = loadedRelation(post, 'tags') as Tag[]
      expect(tags.map((t) => t.name)).toEqual(['php', 'ts'])
      expect(loadedPivot(tags[0], 'PostTag')).toEqual({ role: 'primary' })
      expect(loadedPivot(tags[0], 'pivot')).toEqual({ role: 'primary' })
      const renamed = (await Post.findByPk(1, {
        include: [{ association: 'tags', through: { as: 'tagging', attributes: ['role'] } }],
        order: [[{ model: Tag, as: 'tags' }, 'id', 'ASC']],
      }))!
      const tag = (loadedRelation(renamed, 'tags') as Tag[])[1]
      expect(loadedPivot(tag, 'tagging')).toEqual({ role: 'secondary' })
      expect(loadedPivot(tag, 'pivot')).toBe(MISSING)
      expect(loadedPivot((await Tag.findByPk(1))!, 'pivot')).toBe(MISSING)
    })

    it('falls back to the default rules for a model that was not registered', async () => {
      const loose = (await Loose.findByPk(1))!
      // default rules see Sequelize's own data property, and the attribute getter as not loaded
      expect(loadedRelation(loose, 'dataValues')).toMatchObject({ title: 'Post 1' })
      expect(loadedRelation(loose, 'title')).toBe(MISSING)
    })
  })

  describe('paginate', () => {
    const published = () => ({
      model: Post,
      where: { published: true },
      include: [{ association: 'author', where: { active: true }, attributes: ['name'] }],
      order: [['id', 'ASC']] as [string, string][],
    })

    it('counts a query with a join and a filter correctly', async () => {
      const page = await paginate(published(), 4, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(await trueCount(db))
      expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
      expect(page.items()[0]).toBeInstanceOf(Post)
    })

    it('counts models, not joined rows, when a to-many association is included', async () => {
      const query = {
        ...published(),
        include: [...published().include, { association: 'comments' }],
      }
      const page = await paginate(query, 1, 1)
      expect(page.total()).toBe(15)
      expect(loadedRelation(page.items()[0], 'comments')).toHaveLength(3)
    })

    it('simplePaginate fetches one extra model to know whether there is more', async () => {
      const last = await simplePaginate(
        { ...published(), where: { published: { [Op.eq]: true } } },
        4,
        4,
      )
      expect(last).toBeInstanceOf(Paginator)
      expect(last.items().map((p) => p.id)).toEqual([25, 26, 29])
      expect(last.hasMorePages()).toBe(false)
    })

    it('counts the rows of a grouped query and of one selecting DISTINCT, as findAll returns them', async () => {
      const shapes = {
        'group with having': {
          model: Post,
          attributes: ['userId', [fn('COUNT', col('id')), 'n']],
          group: ['userId'],
          having: where(fn('COUNT', col('id')), { [Op.gt]: 1 }),
          order: [['userId', 'ASC']] as [string, string][],
        },
        'a DISTINCT attribute': {
          model: Post,
          attributes: [[fn('DISTINCT', col('published')), 'published']],
          order: [['published', 'ASC']] as [string, string][],
        },
        'an aggregate alone': { model: Post, attributes: [[fn('COUNT', col('id')), 'n']] },
      }
      for (const [shape, query] of Object.entries(shapes)) {
        const rows = await Post.findAll(query as never)
        const page = await paginate(query as never, 1, 2)
        expect([shape, page.total()]).toEqual([shape, rows.length])
        expect(page.items()).toHaveLength(rows.length > 1 ? 1 : 0)
      }
    })

    it('rejects a bad perPage and a value that is not a Sequelize query', async () => {
      await expect(paginate(published(), 0)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
      await expect(paginate(Post as never, 2)).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
    })
  })
})
