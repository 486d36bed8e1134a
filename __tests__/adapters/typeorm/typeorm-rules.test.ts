import type { DataSource } from 'typeorm'
import { MISSING } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation } from 'api-resources/adapter'
import { attachPivot, installTypeOrm } from 'api-resources/typeorm'
import { dialectNames, prepareDatabase } from '../../support/db'
import { Comment, Post, Unregistered, User } from './typeorm-entities'
import { openDataSource } from './typeorm-test-db'

describe.each(dialectNames())('typeorm model rules on %s', (dialect) => {
  let ds: DataSource

  beforeAll(async () => {
    ds = await openDataSource(await prepareDatabase(dialect, 'typeorm_rules'))
    installTypeOrm(ds)
  })
  afterAll(async () => {
    await ds.destroy()
  })

  const posts = () => ds.getRepository(Post)

  it('sees a relation loaded with `relations` and not one that was not', async () => {
    const post = (await posts().findOne({ where: { id: 1 }, relations: { comments: true } }))!
    expect(loadedRelation(post, 'comments')).toHaveLength(3)
    expect(loadedRelation(post, 'author')).toBe(MISSING)
    expect(loadedRelation(post, 'tags')).toBe(MISSING)
  })

  it('sees a relation loaded with leftJoinAndSelect', async () => {
    const post = (await posts()
      .createQueryBuilder('post')
      .leftJoinAndSelect('post.author', 'author')
      .where('post.id = :id', { id: 2 })
      .getOne())!
    expect((loadedRelation(post, 'author') as User).name).toBe('bob')
  })

  it('never triggers a lazy relation, and sees it once TypeORM loaded it', async () => {
    const comment = (await ds.getRepository(Comment).findOneBy({ id: 1 }))!
    expect(loadedRelation(comment, 'post')).toBe(MISSING)
    // the lazy loader did not run: TypeORM would have stored its promise on the entity
    expect(Object.keys(comment)).not.toContain('__promise_post__')
    const post = await comment.post
    expect(loadedRelation(comment, 'post')).toBe(post)
  })

  it('sees a lazy relation that was eager-loaded with `relations`', async () => {
    const comment = (await ds
      .getRepository(Comment)
      .findOne({ where: { id: 4 }, relations: { post: true } }))!
    expect((loadedRelation(comment, 'post') as Post).id).toBe(2)
  })

  it('gives MISSING for a relation name TypeORM does not know, and never throws', async () => {
    const post = (await posts().findOneBy({ id: 1 }))!
    expect(loadedRelation(post, 'nope')).toBe(MISSING)
    expect(loadedRelation(post, 'title')).toBe(MISSING)
    expect(loadedRelation(post, 'constructor')).toBe(MISSING)
  })

  it('reads a count from a virtual column named postsCount', async () => {
    const user = (await ds.getRepository(User).findOneBy({ id: 1 }))!
    expect(Number(loadedCount(user, 'posts'))).toBe(10)
    const post = (await posts().findOneBy({ id: 1 }))!
    expect(loadedCount(post, 'comments')).toBe(MISSING)
  })

  it('offers pivot entity rows as pivots, under pivot and a renamed accessor', async () => {
    const post = (await posts().findOne({
      where: { id: 1 },
      relations: { postTags: { tag: true } },
      order: { postTags: { tagId: 'ASC' } },
    }))!
    const tags = attachPivot(post.postTags!, 'tag')
    expect(tags.map((t) => t.name)).toEqual(['php', 'ts'])
    expect(loadedPivot(tags[0], 'pivot')).toMatchObject({ postId: 1, tagId: 1, role: 'primary' })
    expect(loadedPivot(tags[0], 'tagging')).toBe(MISSING)
    const renamed = attachPivot(post.postTags!, 'tag', 'tagging')
    expect(loadedPivot(renamed[1], 'tagging')).toMatchObject({ role: 'secondary' })
    // the entity itself is untouched and keeps its class
    expect(Object.keys(post.postTags![0].tag!)).not.toContain('pivot')
    expect(loadedPivot(post.postTags![0].tag!, 'pivot')).toBe(MISSING)
  })

  it('falls back to the default rules for a class that is not an entity', () => {
    expect(loadedRelation(new Unregistered(), 'title')).toBe('Post 1')
  })
})

describe('typeorm model rules without a database', () => {
  it('never runs an accessor the entity class defines under a relation name', () => {
    const getter = jest.fn(() => ['queried'])
    class Base {
      get tags() {
        return getter()
      }
    }
    class Entity extends Base {
      author?: unknown
    }
    installTypeOrm({
      entityMetadatas: [
        {
          target: Entity,
          relations: [
            { propertyName: 'author', isLazy: false },
            { propertyName: 'tags', isLazy: false },
          ],
        },
      ],
    })
    const entity = Object.assign(new Entity(), { author: { id: 1 } })
    expect(loadedRelation(entity, 'author')).toEqual({ id: 1 })
    expect(loadedRelation(entity, 'tags')).toBe(MISSING)
    expect(getter).not.toHaveBeenCalled()
    Object.defineProperty(entity, 'tags', { value: ['loaded'] })
    expect(loadedRelation(entity, 'tags')).toEqual(['loaded'])
    expect(loadedRelation(new Entity(), 'author')).toBe(MISSING)
  })
})
