import {
  Field,
  JsonResource,
  resourceShapeSource,
  MISSING,
  When,
  registerModelRules,
  type Nested,
  type NestedList,
} from '../../src'
import { compiledToArray, interpretedToArray, toArraySource } from '../../src/compiler/compile'
import { ResourceError } from '../../src/errors/base'
import {
  AuthorResource,
  OverridingResource,
  PostResource,
  TagResource,
  posts,
  requests,
} from './fixtures'

function bothAgree(cls: new (m: any) => JsonResource<any>, model: unknown, request: unknown) {
  const resource = new cls(model)
  const compiled = compiledToArray(cls)(resource, request)
  const interpreted = interpretedToArray(cls)(resource, request)
  expect(compiled).toEqual(interpreted)
  expect(Object.keys(compiled)).toEqual(Object.keys(interpreted))
  expect(Object.getPrototypeOf(compiled)).toBe(Object.prototype)
  return compiled
}

describe('compiled output equals the reference interpreter', () => {
  for (const cls of [PostResource, AuthorResource, TagResource, OverridingResource]) {
    it(`${cls.name}: every model and request`, () => {
      for (const model of posts()) for (const q of requests) bothAgree(cls, model, q)
    })
  }

  it('produces the expected output for the full fixture', () => {
    const [first, second, third] = posts()
    expect(bothAgree(PostResource, first, { admin: true })).toEqual({
      id: 1,
      title: 'One',
      created: new Date(0),
      published_at: '2020',
      secret: 's1',
      always: 'yes',
      author: {
        id: 7,
        name: 'Ann',
        posts: [
          {
            id: 9,
            title: 'x',
            created: new Date(1),
            always: 'yes',
            summary: { len: 1, list: [1] },
          },
        ],
      },
      tags: [{ name: 'a' }, null],
      raw: { any: 'thing' },
      comments_count: 0,
      pivot: { role: 'r' },
      summary: { len: 3, list: [1] },
      maybe: 'first',
      first: true,
      nested: { name: 'n' },
      editor: null,
      note: 'n',
    })
    const two = bothAgree(PostResource, second, undefined)
    expect(two).toEqual({
      id: 2,
      title: 'Two',
      created: new Date(2),
      subtitle: 'sub',
      even: undefined,
      always: 'yes',
      author: null,
      summary: { len: 3, list: [1] },
      editor: { id: 7, name: 'Ann' },
    })
    expect(bothAgree(PostResource, third, undefined)).not.toHaveProperty('author')
  })

  it('keeps declaration order, with the merged keys at the MergeWhen position', () => {
    const keys = Object.keys(bothAgree(PostResource, posts()[0], { admin: true }))
    expect(keys.indexOf('first')).toBe(keys.indexOf('maybe') + 1)
    expect(keys.slice(0, 3)).toEqual(['id', 'title', 'created'])
  })

  it('agrees under model rules registered by an adapter', () => {
    class Model {
      constructor(readonly attrs: Record<string, unknown>) {}
      get title() {
        return this.attrs.title
      }
    }
    registerModelRules(Model, {
      attribute: (m, k) => (m as Model).attrs[k],
      relation: (m, k) =>
        (m as Model).attrs[`rel:${k}`] === undefined ? MISSING : (m as Model).attrs[`rel:${k}`],
      count: () => 42,
      pivot: () => MISSING,
    })
    const m = new Model({
      id: 5,
      title: 'T',
      created_at: 'c',
      'rel:author': { id: 1, display_name: 'd' },
    })
    const out = bothAgree(PostResource, m, undefined)
    expect(out).toMatchObject({
      id: 5,
      title: 'T',
      author: { id: 1, name: 'd' },
      comments_count: 42,
    })
  })

  it('a class without decorated members compiles to {}', () => {
    class Empty extends JsonResource<any> {}
    expect(compiledToArray(Empty)(new Empty({ a: 1 }), undefined)).toEqual({})
    expect(toArraySource(Empty)).toBe('')
  })

  it('over a null model both give {}', () => {
    expect(compiledToArray(PostResource)(new PostResource(null), undefined)).toEqual({})
    expect(interpretedToArray(PostResource)(new PostResource(null), undefined)).toEqual({})
  })
})

describe('compiling', () => {
  it('compiles once per class and exposes the generated source (debug view)', () => {
    const source = toArraySource(PostResource)
    expect(source).toContain('return function toArray(m, q, r, ri)')
    expect(toArraySource(PostResource)).toBe(source)
    expect(source).toContain('"title"')
  })

  it('does not make a resource instance per item when nothing needs one', () => {
    let made = 0
    class Counting extends JsonResource<any> {
      constructor(m: any) {
        super(m)
        made++
      }
      @Field() id!: number
    }
    class Parent extends JsonResource<any> {
      @Field(() => Counting) items!: NestedList<typeof Counting>
    }
    expect(new Parent({ items: [{ id: 1 }, { id: 2 }] }).toPayload()).toEqual({
      data: { items: [{ id: 1 }, { id: 2 }] },
    })
    expect(made).toBe(0)
    Counting.collection([{ id: 1 }, { id: 2 }]).toPayload()
    expect(made).toBe(0)
  })

  it('falls back to the interpreter where code generation is forbidden (CSP)', () => {
    class Csp extends JsonResource<any> {
      @Field() id!: number
      @When(() => false) hidden?: number
    }
    const original = globalThis.Function
    globalThis.Function = function () {
      throw new EvalError('Code generation from strings disallowed for this context')
    } as unknown as FunctionConstructor
    try {
      expect(new Csp({ id: 1, hidden: 2 }).toPayload()).toEqual({ data: { id: 1 } })
    } finally {
      globalThis.Function = original
    }
  })

  it('a compile failure attaches the generated source to the error', () => {
    class Broken extends JsonResource<any> {
      @Field() id!: number
    }
    const original = globalThis.Function
    globalThis.Function = function () {
      throw new SyntaxError('Unexpected token')
    } as unknown as FunctionConstructor
    let err: any
    try {
      new Broken({ id: 1 }).toPayload()
    } catch (e) {
      err = e
    } finally {
      globalThis.Function = original
    }
    expect(err).toBeInstanceOf(ResourceError)
    expect(err.code).toBe('ERR_RESOURCE_COMPILE')
    expect(err.message).toMatch(/could not compile Broken: Unexpected token/)
    expect(err.source).toContain('function toArray')
    expect(err.message).toContain(err.source)
  })
})

describe('decorators mixed with an overridden toArray()', () => {
  it('super.toArray() is the decorated output; the override may spread it', () => {
    const model = posts()[1]
    const out = (new OverridingResource(model).toPayload() as { data: Record<string, unknown> })
      .data
    const decorated = (new PostResource(model).toPayload() as { data: Record<string, unknown> })
      .data
    expect(out).toEqual({ ...decorated, extra: 'x' })
    expect(Object.keys(out).at(-1)).toBe('extra')
  })

  it('nested through a thunk, the override is honoured', () => {
    class Holder extends JsonResource<any> {
      @Field(() => OverridingResource) post!: Nested<typeof OverridingResource>
    }
    const out = (new Holder({ post: posts()[2] }).toPayload() as any).data.post
    expect(out.extra).toBe('x')
    expect(out).not.toHaveProperty('gone')
  })
})

describe('the public debug view', () => {
  it('resourceShapeSource() is the generated source', () => {
    expect(resourceShapeSource(PostResource)).toBe(toArraySource(PostResource))
  })
})
