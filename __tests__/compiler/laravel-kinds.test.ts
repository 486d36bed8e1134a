// @WhenHas, @WhenAggregated and @WhenExistsLoaded: compiled like every other member kind (the
// compiled function and the reference interpreter agree), and equal to the toArray() helper form.
import 'reflect-metadata'
import {
  Field,
  JsonResource,
  WhenAggregated,
  WhenExistsLoaded,
  WhenHas,
  ArgumentError,
} from '../../src'
import { compiledToArray, interpretedToArray } from '../../src/compiler/compile'

interface Author {
  id: number
  nickname?: string | null
  posts_sum_votes?: number | string | null
  posts_max_created_at?: string | null
  posts_exists?: number | boolean | string | null
  blog_posts_exists?: number
}

class Decorated extends JsonResource<Author> {
  @Field() id!: number
  @WhenHas() nickname?: string | null
  @WhenHas({ from: 'nickname' }) get shout(): string | null | undefined {
    return this.resource.nickname?.toUpperCase() ?? null
  }
  @WhenAggregated('posts', 'votes', 'sum') votes?: number
  @WhenAggregated('posts', 'created_at', 'max') get latest(): string | undefined {
    return `at ${this.resource.posts_max_created_at}`
  }
  @WhenExistsLoaded() posts_exists?: boolean
  @WhenExistsLoaded({ relation: 'blogPosts' }) has_blog?: boolean
}

class ByHand extends JsonResource<Author> {
  override toArray() {
    return {
      id: this.resource.id,
      nickname: this.whenHas('nickname'),
      shout: this.whenHas('nickname', (n: string | null) => n?.toUpperCase() ?? null),
      votes: this.whenAggregated('posts', 'votes', 'sum'),
      latest: this.whenAggregated('posts', 'created_at', 'max', (v) => `at ${v}`),
      posts_exists: this.whenExistsLoaded('posts'),
      has_blog: this.whenExistsLoaded('blogPosts'),
    }
  }
}

const models: Author[] = [
  { id: 1 },
  { id: 2, nickname: null, posts_sum_votes: 0, posts_exists: 0 },
  {
    id: 3,
    nickname: 'ada',
    posts_sum_votes: '12',
    posts_max_created_at: '2026-01-01',
    posts_exists: 't',
    blog_posts_exists: 1,
  },
  { id: 4, posts_sum_votes: null, posts_max_created_at: null, posts_exists: null },
]

describe('the new member kinds', () => {
  it('compiled and interpreted agree, and equal the helper form, for every model', () => {
    for (const model of models) {
      const resource = new Decorated(model)
      const compiled = compiledToArray(Decorated)(resource, undefined)
      const interpreted = interpretedToArray(Decorated)(resource, undefined)
      expect(compiled).toEqual(interpreted)
      expect(Object.keys(compiled)).toEqual(Object.keys(interpreted))
      expect(new Decorated(model).toPayload()).toEqual(new ByHand(model).toPayload())
    }
  })

  it('gives the documented values', () => {
    expect(new Decorated(models[0]).toPayload()).toEqual({ data: { id: 1 } })
    expect(new Decorated(models[1]).toPayload()).toEqual({
      data: { id: 2, nickname: null, shout: null, votes: 0, posts_exists: false },
    })
    expect(new Decorated(models[2]).toPayload()).toEqual({
      data: {
        id: 3,
        nickname: 'ada',
        shout: 'ADA',
        votes: '12',
        latest: 'at 2026-01-01',
        posts_exists: true,
        has_blog: true,
      },
    })
  })

  it('rejects empty names', () => {
    expect(() => WhenAggregated('', 'votes', 'sum')).toThrow(ArgumentError)
    expect(() => WhenAggregated('posts', undefined as never, 'sum')).toThrow(/column/)
  })
})
