// whenAppended / @WhenAppended, the member kind added as one module (src/metadata/kinds/
// when-appended.ts): Laravel's whenAppended(), an accessor's value only when the model appended it.
import 'reflect-metadata'
import {
  ArgumentError,
  Field,
  JsonResource,
  MISSING,
  WhenAppended,
  resourceShapeSource,
} from '../../src'
import { compiledToArray, interpretedToArray } from '../../src/compiler/compile'
import { classSchemas } from '../../src/schema/resource-schemas'

/** A model with accessors, and the list of the ones appended (Laravel's `$appends`). */
class Post {
  appends: string[] = []
  constructor(
    readonly id: number,
    readonly published_at: string | null,
  ) {}
  get is_published(): boolean {
    return this.published_at !== null
  }
  append(...names: string[]): this {
    this.appends.push(...names)
    return this
  }
}

// Laravel's fixture PostResourceWithOptionalAppendedAttributes, ported
class PostResourceWithOptionalAppendedAttributes extends JsonResource<Post> {
  override toArray() {
    return {
      id: this.resource.id,
      first: this.whenAppended('is_published'),
      second: this.whenAppended('is_published', 'override value'),
      third: this.whenAppended('is_published', () => 'override value'),
      fourth: this.whenAppended('is_published', this.resource.is_published, 'default'),
      fifth: this.whenAppended('is_published', this.resource.is_published, () => 'default'),
    }
  }
}

class Decorated extends JsonResource<Post> {
  @Field() id!: number
  @WhenAppended() is_published?: boolean
  @WhenAppended({ from: 'is_published' }) get state(): string | undefined {
    return this.resource.is_published ? 'live' : 'draft'
  }
  @WhenAppended({ from: 'is_published', default: 'unknown' }) published?: boolean | string
}

function bothAgree(model: Post): Record<string, unknown> {
  const compiled = compiledToArray(Decorated)(new Decorated(model), undefined)
  const interpreted = interpretedToArray(Decorated)(new Decorated(model), undefined)
  expect(compiled).toEqual(interpreted)
  return compiled
}

describe('whenAppended (the helper)', () => {
  it('Laravel ResourceTest::testResourcesMayHaveOptionalAppendedAttributes: appended', () => {
    const post = new Post(5, '2026-01-01').append('is_published')
    expect(new PostResourceWithOptionalAppendedAttributes(post).toPayload()).toEqual({
      data: {
        id: 5,
        first: true,
        second: 'override value',
        third: 'override value',
        fourth: true,
        fifth: true,
      },
    })
  })

  it('Laravel ResourceTest::testResourcesMayHaveOptionalAppendedAttributes: not appended', () => {
    const post = new Post(5, '2026-01-01')
    expect(new PostResourceWithOptionalAppendedAttributes(post).toPayload()).toEqual({
      data: { id: 5, fourth: 'default', fifth: 'default' },
    })
  })

  it('reads a Set of appends, an inherited list, and never runs a getter for the list', () => {
    const withSet = Object.assign(new Post(1, null), { appends: new Set(['is_published']) })
    expect(new PostResourceWithOptionalAppendedAttributes(withSet).toArray().first).toBe(false)
    class Always extends Post {}
    Object.defineProperty(Always.prototype, 'appends', { value: ['is_published'] })
    const inherited = Object.create(Always.prototype) as Post
    Object.assign(inherited, { id: 2, published_at: null })
    expect(new PostResourceWithOptionalAppendedAttributes(inherited).toArray().first).toBe(false)
    let ran = 0
    const byGetter = {
      id: 3,
      is_published: true,
      get appends() {
        ran++
        return ['is_published']
      },
    }
    const out = new PostResourceWithOptionalAppendedAttributes(byGetter as unknown as Post)
    expect(out.toArray().first).toBe(MISSING)
    expect(ran).toBe(0)
  })

  it('on null, a primitive or a model without appends: nothing is appended', () => {
    for (const model of [{ id: 1 }, { id: 1, appends: 'is_published' }]) {
      const out = new PostResourceWithOptionalAppendedAttributes(model as unknown as Post)
      expect(out.toArray().first).toBe(MISSING)
    }
  })
})

describe('@WhenAppended (the decorator)', () => {
  it('compiled and interpreted agree; the key only when appended, the getter then', () => {
    expect(bothAgree(new Post(1, null))).toEqual({ id: 1, published: 'unknown' })
    expect(bothAgree(new Post(2, 'x').append('is_published'))).toEqual({
      id: 2,
      is_published: true,
      state: 'live',
      published: true,
    })
    expect(new Decorated(new Post(3, null).append('is_published')).toPayload()).toEqual({
      data: { id: 3, is_published: false, state: 'draft', published: false },
    })
    expect(resourceShapeSource(Decorated)).toContain('"is_published"')
  })

  it('its JSON Schema: optional keys unless defaulted, typed from design:type', () => {
    const post = classSchemas(Decorated).components.Decorated as {
      required?: string[]
      properties: Record<string, unknown>
    }
    // (`published` has a default, so its key is always there)
    expect(post.required).toEqual(['id', 'published'])
    expect(post.properties.is_published).toEqual({ type: 'boolean' })
  })

  it('a bad from is a clear error', () => {
    expect(() => WhenAppended({ from: '' })).toThrow(ArgumentError)
    expect(() => WhenAppended({ from: 1 as unknown as string })).toThrow(
      '@WhenAppended() from must be a non-empty string; got 1',
    )
  })
})

describe('@WhenAppended (the types)', () => {
  it('its name must be a key of the model', () => {
    class Checked extends JsonResource<Post> {
      @WhenAppended() is_published!: boolean
      // @ts-expect-error not a key of the model
      @WhenAppended() is_pinned?: boolean
    }
    expect(new Checked(new Post(1, null)).toArray()).toEqual({})
  })
})
