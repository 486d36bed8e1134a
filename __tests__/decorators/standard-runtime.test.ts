// Standard (TC39) decorators at run time, compiled by TypeScript without experimentalDecorators: what
// the types reject is also a clear error in plain JavaScript, and an auto-accessor reads the model
// like a field.
import ts from 'typescript'
import * as api from '../../src'

function load(source: string): Record<string, any> {
  const code = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: false,
    },
  }).outputText
  const exports: Record<string, any> = {}
  const req = (id: string) => (id === 'api-resources' ? api : require(id))
  new Function('require', 'exports', 'module', code)(req, exports, { exports })
  return exports
}

const misuse = (member: string) => () =>
  load(`
    import { Field, JsonResource } from 'api-resources'
    export class R extends JsonResource<any> {
      @Field() ${member}
    }
  `)

describe('standard decorators at run time', () => {
  it('an auto-accessor is read from the model like a field; getters keep their position', () => {
    const { R } = load(`
      import { Field, JsonResource } from 'api-resources'
      export class R extends JsonResource<any> {
        @Field() accessor id = 0
        @Field() get upper() { return this.resource.name.toUpperCase() }
        @Field() name!: string
      }
    `)
    expect(new R({ id: 3, name: 'ann' }).toPayload()).toEqual({
      data: { id: 3, upper: 'ANN', name: 'ann' },
    })
  })

  it.each([
    ['a method', 'method() { return 1 }', /got the method method\(\); write it as a getter/],
    ['a setter', 'set value(v: number) {}', /got a setter/],
    ['a static field', 'static count = 1', /got a static member/],
    ['a static getter', 'static get count() { return 1 }', /got a static member/],
    ['a private field', '#secret = 1', /got the member #secret/],
    ['a member named constructor', "['constructor']: unknown", /named "constructor"/],
  ])('%s is an error at class definition', (_what, member, message) => {
    expect(misuse(member)).toThrow(message)
    expect(misuse(member)).toThrow(expect.objectContaining({ code: 'ERR_DECORATOR_TARGET' }))
  })

  it.each(['Relationship(() => R)', 'When(() => true)', 'WhenLoaded()'])(
    '@%s on a method is an error naming the getter form as the fix',
    (decorator) => {
      const define = () =>
        load(`
          import { Relationship, When, WhenLoaded, JsonApiResource } from 'api-resources'
          export class R extends JsonApiResource<any> {
            static resourceType = 'people'
            @${decorator} author() { return this.resource.writer }
          }
        `)
      const name = decorator.slice(0, decorator.indexOf('('))
      expect(define).toThrow(
        new RegExp(
          `^@${name}\\(\\) must decorate an instance field or getter with a string name; got the ` +
            'method author\\(\\); write it as a getter, get author\\(\\) \\{ \\.\\.\\. \\}',
        ),
      )
      expect(define).toThrow(expect.objectContaining({ code: 'ERR_DECORATOR_TARGET' }))
    },
  )

  it('the class keeps its records in Symbol.metadata, inherited through its metadata object', () => {
    const { Base, Child } = load(`
      import { Field, JsonResource } from 'api-resources'
      export class Base extends JsonResource<any> { @Field() id!: number; @Field() name!: string }
      export class Child extends Base { @Field({ from: 'full' }) override name = ''; @Field() extra!: string }
    `)
    const metadata = (Symbol as { metadata?: symbol }).metadata!
    expect(Object.getPrototypeOf(Child[metadata])).toBe(Base[metadata])
    expect(new Child({ id: 1, name: 'n', full: 'F', extra: 'e' }).toPayload()).toEqual({
      data: { id: 1, name: 'F', extra: 'e' },
    })
    expect(new Base({ id: 1, name: 'n' }).toPayload()).toEqual({ data: { id: 1, name: 'n' } })
  })
})
