// The declaration: typed against the model (a sort or filter naming a member the model does not
// have is a type error; `npm run typecheck` checks every @ts-expect-error here), and checked when a
// plan is first made (a bad declaration is an ArgumentError naming the option).
import { ArgumentError, JsonResource, defineQuery, queryPlan } from 'api-resources'

interface Post {
  id: number
  title: string
  user_id: number
}

describe('defineQuery()', () => {
  it('accepts members of the model, renamed ones with their column', () => {
    const declaration = defineQuery<Post>()({
      sort: [
        'title',
        'id',
        { name: 'author', column: 'user_id' },
        { name: 'x', column: 'posts.title' },
      ],
      filters: {
        title: { type: 'string', operators: ['contains'] },
        author: { column: 'user_id', type: 'integer', operators: ['eq'] },
        recent: { type: 'boolean', where: () => ({ column: 'id', op: 'gt', value: 1 }) },
      },
    })
    expect(Object.isFrozen(declaration)).toBe(true)
  })

  it('makes a sort or filter naming a member the model lacks a type error', () => {
    // @ts-expect-error `titel` is not a member of Post
    defineQuery<Post>()({ sort: ['titel'] })
    // @ts-expect-error a renamed entry's column must be a member of Post
    defineQuery<Post>()({ sort: [{ name: 'author', column: 'author_id' }] })
    // @ts-expect-error a filter not named after a member must give its column
    defineQuery<Post>()({ filters: { author: { type: 'integer', operators: ['eq'] } } })
    defineQuery<Post>()({
      // @ts-expect-error the column must be a member of Post
      filters: { author: { column: 'writer', type: 'integer', operators: ['eq'] } },
    })
    // @ts-expect-error `like` is not an operator
    defineQuery<Post>()({ filters: { title: { type: 'string', operators: ['like'] } } })
    expect(true).toBe(true)
  })

  it.each([
    [{ sort: [''] }, /sort/],
    [{ filters: { a: { type: 'text', operators: ['eq'] } } }, /filters\.a\.type/],
    [{ filters: { a: { type: 'integer', operators: [] } } }, /filters\.a\.operators/],
    [{ filters: { a: { type: 'integer', operators: ['contains'] } } }, /string filter/],
    [{ filters: { a: { type: 'enum', operators: ['eq'] } } }, /filters\.a\.values/],
    [{ perPage: { default: 0 } }, /perPage\.default/],
    [{ sort: ['title'], defaultSort: '-nope' }, /defaultSort/],
  ])('refuses a bad declaration %j', (query, message) => {
    class Bad extends JsonResource<unknown> {
      static query = query
    }
    expect(() => queryPlan(Bad, { query: '' })).toThrow(ArgumentError)
    expect(() => queryPlan(Bad, { query: '' })).toThrow(message)
  })

  it('lets a route narrow the declaration, never widen it', () => {
    class Posts extends JsonResource<Post> {
      static query = defineQuery<Post>()({
        sort: ['title', 'id'],
        filters: { title: { type: 'string', operators: ['eq'] } },
        perPage: { default: 10, max: 40 },
      })
    }
    const narrowed = { sort: ['id'], filters: [], perPage: { max: 100 } }
    expect(queryPlan(Posts, { ...narrowed, query: 'per_page=90' }).perPage).toBe(40)
    expect(() => queryPlan(Posts, { ...narrowed, query: 'sort=title' })).toThrow(
      /not sortable; sortable: id/,
    )
    expect(() => queryPlan(Posts, { ...narrowed, query: 'filter[title]=a' })).toThrow(
      /not a filter/,
    )
    expect(() => queryPlan(Posts, { sort: ['nope'], query: '' })).toThrow(ArgumentError)
  })
})

describe('the unique key', () => {
  class Posts extends JsonResource<Post> {
    static query = defineQuery<Post>()({ sort: ['title', 'id'] })
  }
  it.each([
    ['sort=title', 'title,id'],
    ['sort=-title', '-title,-id'],
    ['sort=id,title', 'id,title'],
    ['sort=-id', '-id'],
    ['', 'id'],
  ])('%s orders by %s', (query, order) => {
    expect(queryPlan(Posts, { query }).orderKey).toBe(order)
  })
})
