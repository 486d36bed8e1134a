import 'reflect-metadata'
import {
  Attribute,
  Field,
  JsonResource,
  MergeWhen,
  Relationship,
  ResourceError,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  type Merged,
  type NestedList,
  type Related,
} from '../../src'
import { compiledToArray, interpretedToArray } from '../../src/compiler/compile'
import { resolveMembers } from '../../src/metadata/resolve'
import { FIELDS } from '../../src/metadata/metadata-store'

const ownList = (cls: Function): unknown => Object.getOwnPropertyDescriptor(cls, FIELDS)?.value

const keys = (cls: Function) => resolveMembers(cls).fields.map((f) => f.key)
const payload = (r: JsonResource<any>) => (r.toPayload() as { data: unknown }).data

describe('decorators record frozen records on the class itself', () => {
  class UserResource extends JsonResource<any> {
    @Field() id!: number
    @Field({ from: 'email_address' }) email!: string
    @Field() get name() {
      return 'n'
    }
    @WhenNotNull() nickname?: string
    @When(() => true) secret?: string
    @WhenLoaded() posts?: unknown
    @WhenCounted() posts_count?: number
    @WhenCounted({ relation: 'comments' }) total?: number
    @WhenPivotLoaded({ accessor: 'membership' }) membership?: unknown
    @MergeWhen(() => true) get extra(): Merged<object> {
      return {}
    }
    @Attribute() title!: string
    @Relationship(() => UserResource) author?: Related<typeof UserResource>
  }

  it('records kind, key, source and isGetter in declaration order', () => {
    const shape = resolveMembers(UserResource)
    expect(shape.fields.map((f) => [f.kind, f.key, f.source, f.isGetter])).toEqual([
      ['field', 'id', 'id', false],
      ['field', 'email', 'email_address', false],
      ['field', 'name', 'name', true],
      ['whenNotNull', 'nickname', 'nickname', false],
      ['when', 'secret', 'secret', false],
      ['whenLoaded', 'posts', 'posts', false],
      ['whenCounted', 'posts_count', 'posts', false],
      ['whenCounted', 'total', 'comments', false],
      ['whenPivotLoaded', 'membership', 'membership', false],
      ['mergeWhen', 'extra', 'extra', true],
      ['attribute', 'title', 'title', false],
    ])
    expect(shape.relationships.map((r) => [r.kind, r.key])).toEqual([['relationship', 'author']])
    expect(shape.relationships[0].resource!()).toBe(UserResource)
    expect(Object.isFrozen(shape.fields[0])).toBe(true)
    expect(shape.fields[0].declaredBy).toBe(UserResource)
  })

  it('keeps the list on the class own metadata; no global registry', () => {
    class Child extends UserResource {
      @Field() extra2!: string
    }
    expect(ownList(Child)).toHaveLength(1)
    expect(ownList(UserResource)).toHaveLength(12)
    expect(Object.isFrozen(ownList(UserResource))).toBe(true)
  })

  it('caches the resolved shape per class', () => {
    expect(resolveMembers(UserResource)).toBe(resolveMembers(UserResource))
  })

  it('WhenPivotLoaded reads "pivot" by default; WhenCounted strips _count', () => {
    class R extends JsonResource<any> {
      @WhenPivotLoaded() role?: unknown
      @WhenCounted() tags?: number
    }
    expect(resolveMembers(R).fields.map((f) => f.source)).toEqual(['pivot', 'tags'])
    expect(payload(new R({ pivot: { a: 1 }, tags_count: 2 }))).toEqual({ role: { a: 1 }, tags: 2 })
  })
})

describe('inheritance', () => {
  class Base extends JsonResource<any> {
    @Field() id!: number
    @Field() name!: string
    @Field() created!: string
  }
  class Child extends Base {
    @Field() extra!: string
    // with useDefineForClassFields, TypeScript wants an initializer on a re-declared field
    @Field({ from: 'full_name' }) override name: string = ''
  }
  class GrandChild extends Child {
    @Field() last!: string
  }

  it('merges parent members first, in declaration order', () => {
    expect(keys(GrandChild)).toEqual(['id', 'name', 'created', 'extra', 'last'])
  })

  it('a re-declared member replaces the parent one at the parent position', () => {
    const model = { id: 1, name: 'short', full_name: 'Full', created: 'c', extra: 'e', last: 'l' }
    expect(payload(new Child(model))).toEqual({ id: 1, name: 'Full', created: 'c', extra: 'e' })
    expect(Object.keys(payload(new GrandChild(model)) as object)).toEqual(keys(GrandChild))
    expect(payload(new Base(model))).toEqual({ id: 1, name: 'short', created: 'c' })
  })

  it('a subclass defined later does not change the parent', () => {
    class Late extends Base {
      @Field() late!: string
    }
    expect(keys(Late)).toContain('late')
    expect(keys(Base)).toEqual(['id', 'name', 'created'])
  })
})

describe('validation', () => {
  it('two members producing one output key: an Error on first use naming both', () => {
    class Twice extends JsonResource<any> {
      @When(() => true)
      @Field()
      id?: number
    }
    const run = () => new Twice({ id: 1 }).toPayload()
    expect(run).toThrow(ResourceError)
    expect(run).toThrow(
      /Twice\.id \(@Field\) and Twice\.id \(@When\) both produce the output key "id"/,
    )
    expect(run).toThrow(expect.objectContaining({ code: 'ERR_DUPLICATE_OUTPUT_KEY' }))
  })

  it('rejects static members, methods and symbol keys (legacy calls)', () => {
    const field = Field() as (...args: unknown[]) => void
    expect(() => field(class {}, 'x')).toThrow(/must decorate an instance field or getter/)
    const sym = Symbol('s')
    expect(() => field({}, sym)).toThrow(/ERR|must decorate/)
    class C {}
    expect(() => field(C.prototype, 'm', { value: () => 1, writable: true })).toThrow(
      /got the method m\(\); write it as a getter, get m\(\) \{ \.\.\. \}/,
    )
    expect(() => field(C.prototype, 's', { set: () => undefined })).toThrow(
      /got the setter-only member s\. See /,
    )
  })

  it('rejects methods, setters, static, private and symbol members (standard calls)', () => {
    const field = Field() as (...args: unknown[]) => void
    const context = (more: object) => ({
      name: 'x',
      static: false,
      private: false,
      metadata: {},
      ...more,
    })
    expect(() => field(() => 1, context({ kind: 'method' }))).toThrow(
      /got the method x\(\); write it as a getter, get x\(\) \{ \.\.\. \}/,
    )
    expect(() => field(() => 1, context({ kind: 'method', static: true }))).toThrow(/got a method/)
    expect(() => field(() => 1, context({ kind: 'setter' }))).toThrow(/got a setter/)
    expect(() => field(undefined, context({ kind: 'class' }))).toThrow(/got a class/)
    expect(() => field(undefined, context({ kind: 'field', static: true }))).toThrow(/static/)
    expect(() => field(undefined, context({ kind: 'field', private: true, name: '#x' }))).toThrow(
      /the member #x/,
    )
    expect(() => field(undefined, context({ kind: 'field', name: Symbol('s') }))).toThrow(
      /Symbol\(s\)/,
    )
    expect(() => field(undefined, context({ kind: 'field', metadata: undefined }))).toThrow(
      expect.objectContaining({ code: 'ERR_DECORATOR_METADATA' }),
    )
  })

  it('a member named constructor is a clear error in both modes', () => {
    const field = Field() as (...args: unknown[]) => void
    class C {}
    const message = /a member named "constructor" \(it would hide the class from its instances\)/
    expect(() => field(C.prototype, 'constructor')).toThrow(message)
    expect(() =>
      field(undefined, { kind: 'field', name: 'constructor', static: false, metadata: {} }),
    ).toThrow(message)
    expect(() => {
      class Getter {
        @Field() get ['constructor']() {
          return 1
        }
      }
      return Getter
    }).toThrow(expect.objectContaining({ code: 'ERR_DECORATOR_TARGET' }))
  })

  it('checks decorator options', () => {
    expect(() => Field({ from: '' })).toThrow(/@Field\(\) from must be a non-empty string; got ""/)
    expect(() => WhenLoaded(3 as never)).not.toThrow() // an options object that is not one
    expect(() => WhenLoaded({ relation: 5 as never })).toThrow(
      /relation must be a non-empty string/,
    )
    expect(() => When(undefined as never)).toThrow(/@When\(\) condition must be a function/)
    expect(() => WhenPivotLoaded({ accessor: '' })).toThrow(/accessor/)
  })

  it('a thunk that does not return a resource class is an error on first use', () => {
    class Bad extends JsonResource<any> {
      @WhenLoaded(() => Object) posts?: NestedList<typeof Object>
    }
    expect(() => new Bad({ posts: [] }).toPayload()).toThrow(
      /Bad\.posts: the resource thunk must return a resource class; got function Object/,
    )
  })
})

describe('design:type inference (emitDecoratorMetadata)', () => {
  class AuthorResource extends JsonResource<any> {
    @Field() name!: string
  }
  // A type error in every mode (the same source compiled without design:type would pass the model
  // through); at run time, where tsc/swc recorded the class, it is still used.
  class PostResource extends JsonResource<any> {
    // @ts-expect-error a member typed as a resource needs a thunk
    @WhenLoaded() author!: AuthorResource
    // @ts-expect-error a member typed as a resource needs a thunk
    @Field() editor!: AuthorResource
    @Field() title!: string
  }
  class Explicit extends JsonResource<any> {
    // @ts-expect-error the declared type is not the thunk's resource (the thunk wins at run time)
    @WhenLoaded(() => OtherResource) author?: AuthorResource
  }
  class OtherResource extends JsonResource<any> {
    @Field() id!: number
  }

  it('renders a field typed as a resource class through it', () => {
    const model = { author: { name: 'a', x: 1 }, editor: { name: 'e', y: 2 }, title: 't' }
    expect(payload(new PostResource(model))).toEqual({
      author: { name: 'a' },
      editor: { name: 'e' },
      title: 't',
    })
  })

  it('an explicit thunk wins, and may name a class defined later', () => {
    expect(payload(new Explicit({ author: { id: 1, name: 'n' } }))).toEqual({ author: { id: 1 } })
  })
})

describe('thunks on @When and @WhenNotNull', () => {
  class TeamResource extends JsonResource<any> {
    @Field() name!: string
  }
  class R extends JsonResource<any> {
    @WhenNotNull(() => TeamResource) team?: unknown
    @When(() => true, () => TeamResource, { from: 'team' }) always!: unknown
    @WhenNotNull(() => TeamResource, { from: 'none' }) absent?: unknown
  }

  it('map the value through the resource, compiled and interpreted alike', () => {
    const model = { team: { name: 'core', secret: 's' }, none: null }
    const resource = new R(model)
    const out = compiledToArray(R)(resource, undefined)
    expect(out).toEqual({ team: { name: 'core' }, always: { name: 'core' } })
    expect(interpretedToArray(R)(resource, undefined)).toEqual(out)
  })
})

describe('relation decorators never trigger a lazy load', () => {
  class R extends JsonResource<any> {
    @WhenLoaded() fn?: unknown
    @WhenLoaded() promised?: unknown
    @WhenLoaded() thenable?: unknown
    @WhenLoaded() viaGetter?: unknown
    @WhenCounted() lazy_count?: number
    @WhenPivotLoaded() pivot?: unknown
  }

  it('a function, a promise, a thenable or a getter counts as not loaded and is not touched', () => {
    const fn = jest.fn()
    const then = jest.fn()
    const getter = jest.fn()
    const promise = Promise.resolve([])
    const spy = jest.spyOn(promise, 'then')
    const model = {
      fn,
      promised: promise,
      thenable: { then },
      get viaGetter() {
        getter()
        return []
      },
      lazy_count: () => 3,
      pivot: { then },
    }
    expect(payload(new R(model))).toEqual({})
    expect(R.collection([model]).toPayload()).toEqual({ data: [{}] })
    for (const f of [fn, then, getter, spy]) expect(f).not.toHaveBeenCalled()
  })
})
