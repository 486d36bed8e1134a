import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { MISSING } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation } from 'api-resources/adapter'
import { installObjection } from 'api-resources/objection'
import { dialectNames, prepareDatabase } from '../../support/db'
import { Comment, Post, Tag, Unregistered, User } from './objection-models'

describe.each(dialectNames())('objection model rules on %s', (dialect) => {
  let knex: Knex

  beforeAll(async () => {
    const db = await prepareDatabase(dialect, 'objection_rules')
    knex = knexFactory(db.knexConfig)
    Model.knex(knex)
    installObjection([User, Post, Comment, Tag], { pivotAccessors: { 'Post.labels': 'tagging' } })
  })
  afterAll(async () => {
    await knex.destroy()
  })

  it('sees a relation loaded with withGraphFetched and not one that was not', async () => {
    const post = (await Post.query().findById(1).withGraphFetched('comments'))!
    expect(loadedRelation(post, 'comments')).toHaveLength(3)
    expect(loadedRelation(post, 'author')).toBe(MISSING)
    expect(loadedRelation(post, 'tags')).toBe(MISSING)
  })

  it('sees a relation loaded with withGraphJoined', async () => {
    const [post] = await Post.query().where('posts.id', 2).withGraphJoined('author')
    expect((loadedRelation(post, 'author') as User).name).toBe('bob')
  })

  it('gives an empty list for a loaded has-many without rows', async () => {
    const dave = (await User.query().findById(4).withGraphFetched('posts'))!
    expect(loadedRelation(dave, 'posts')).toEqual([])
  })

  it('gives MISSING for a relation name Objection does not know, and never throws', async () => {
    const post = (await Post.query().findById(1))!
    expect(loadedRelation(post, 'nope')).toBe(MISSING)
    expect(loadedRelation(post, 'constructor')).toBe(MISSING)
    expect(loadedRelation(post, 'toString')).toBe(MISSING)
    // a column is not a relation
    expect(loadedRelation(post, 'title')).toBe(MISSING)
  })

  it('reads a count selected with relatedQuery().count() under posts_count or postsCount', async () => {
    const snake = (await User.query()
      .findById(1)
      .select('users.*', User.relatedQuery('posts').count().as('posts_count')))!
    expect(Number(loadedCount(snake, 'posts'))).toBe(10)
    const camel = (await User.query()
      .findById(2)
      .select('users.*', User.relatedQuery('posts').count().as('postsCount')))!
    expect(Number(loadedCount(camel, 'posts'))).toBe(10)
    const none = (await User.query().findById(1))!
    expect(loadedCount(none, 'posts')).toBe(MISSING)
  })

  it('offers ManyToMany extra columns as the pivot, under pivot and under a renamed accessor', async () => {
    const post = (await Post.query().findById(1).withGraphFetched('[tags, labels]'))!
    const tags = loadedRelation(post, 'tags') as Tag[]
    const byName = Object.fromEntries(tags.map((t) => [t.name, loadedPivot(t, 'pivot')]))
    expect(byName).toEqual({ php: { role: 'primary' }, ts: { role: 'secondary' } })
    expect(loadedPivot(tags[0], 'tagging')).toBe(MISSING)
    const labels = loadedRelation(post, 'labels') as Tag[]
    const php = labels.find((t) => t.name === 'php')!
    expect(loadedPivot(php, 'tagging')).toEqual({ label_role: 'primary' })
    expect(loadedPivot(php, 'pivot')).toBe(MISSING)
  })

  it('has no pivot on a model fetched on its own', async () => {
    const tag = (await Tag.query().findById(1))!
    expect(loadedPivot(tag, 'pivot')).toBe(MISSING)
  })

  it('falls back to the default rules for a model class that was not registered', async () => {
    const row = (await Unregistered.query().findById(1))!
    // default rules: any loaded property counts, even a column
    expect(loadedRelation(row, 'title')).toBe('Post 1')
    expect(loadedRelation(row, 'nope')).toBe(MISSING)
  })
})
