// Runs the type tests (decorator-checks.ts, payload-checks.ts) under standard and legacy decorators,
// and checks the messages of the type errors in both modes: a misuse must say what to write instead.
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(__dirname, '../..')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

describe.each(['standard', 'legacy'])('type tests under %s decorators', (mode) => {
  it('type-check (every @ts-expect-error is an error there)', () => {
    const run = () =>
      execFileSync(process.execPath, [TSC, '-p', join(__dirname, mode, 'tsconfig.json')], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    expect(run).not.toThrow()
  }, 120_000)
})

const VIRTUAL = join(__dirname, 'virtual-misuse.ts')

const SOURCE = `
import { Field, JsonResource, WhenLoaded, JsonApiResource, Relationship } from 'api-resources'
interface Post { id: number }
interface User { id: number; email: string; posts?: Post[]; writer?: User }
class PostResource extends JsonResource<Post> {}
export class UserResource extends JsonResource<User> {
  @WhenLoaded() posts!: PostResource[]
  @Field() emial!: string
  @Field() method(): number { return 1 }
  @Field() static count = 1
}
export class UserApiResource extends JsonApiResource<User> {
  @Relationship(() => UserApiResource) author() { return this.resource.writer }
}
`

const STANDARD_ONLY = `
import { Field, JsonResource } from 'api-resources'
export class UserResource extends JsonResource<{ id: number; auto: number }> {
  @Field() #secret = 1
  @Field() set id(value: number) { void value }
  @Field() accessor auto = 1
  @Field() [Symbol.iterator] = 1
  read() { return this.#secret }
}
`

/** The messages of the errors tsc reports for `source`, one per line, in one decorator mode. */
function errors(source: string, experimentalDecorators: boolean): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!
  const options = { ...config.options, experimentalDecorators, noEmit: true }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (file, language, ...rest) =>
    resolve(file) === VIRTUAL
      ? ts.createSourceFile(file, source, language)
      : getSourceFile.call(host, file, language, ...rest)
  const program = ts.createProgram([VIRTUAL], options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file !== undefined && resolve(d.file.fileName) === VIRTUAL)
    .map((d) => {
      const line = d.file!.getLineAndCharacterOfPosition(d.start!).line
      return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`
    })
}

describe.each([
  ['legacy', true],
  ['standard', false],
])('type error messages (%s decorators)', (_mode, experimentalDecorators) => {
  const found = errors(SOURCE, experimentalDecorators)

  it('a member typed as a resource without a thunk names the fix and the guide page', () => {
    expect(found).toContainEqual(
      expect.stringMatching(
        /^6: .*'"@WhenLoaded\(\): a member typed as a resource needs a thunk, as in @WhenLoaded\(\(\) => PostResource\), so each model is mapped through it\. See https:\/\/api-resources\.github\.io\/api-resources\/guide\/decorators#thunks"'/,
      ),
    )
  })

  it('a member name that is not a key of the model says so and offers the escape', () => {
    expect(found).toContainEqual(
      expect.stringMatching(
        /^7: .*"@Field\(\): \\"emial\\" is not a key of the model; .*as string/,
      ),
    )
  })

  it('a method or a static member is named as such; a method is told to be a getter', () => {
    expect(found).toContainEqual(
      expect.stringMatching(
        /^8: .*@Field\(\) goes on an instance field or getter; got the method method\(\); write it as a getter, get method\(\) \{ \.\.\. \}/,
      ),
    )
    expect(found).toContainEqual(
      expect.stringMatching(/^9: .*@Field\(\) goes on an instance field or getter; got a static/),
    )
    expect(found).toContainEqual(
      expect.stringMatching(
        /^12: .*@Relationship\(\) goes on an instance field or getter; got the method author\(\); write it as a getter, get author\(\) \{ \.\.\. \}/,
      ),
    )
    expect(found).toHaveLength(5)
  })
})

describe('type error messages only standard decorators can produce', () => {
  it('a private member, a setter and a symbol name are named; an auto-accessor is a field', () => {
    const found = errors(STANDARD_ONLY, false)
    expect(found).toEqual([
      expect.stringMatching(/^3: .*got a private member/),
      expect.stringMatching(/^4: .*got a setter/),
      expect.stringMatching(/^6: .*got a member with a symbol name/),
    ])
  })
})

const PAYLOAD_MISUSE = `
import { Field, JsonApiResource, JsonResource, MergeWhen, Relationship, When, WhenLoaded, WhenNotNull } from 'api-resources'
interface Post { id: number; title: string }
interface User { id: number; nickname: string | null; posts?: Post[]; author?: User }
class PostResource extends JsonResource<Post> { @Field() id!: number }
class UserApi extends JsonApiResource<User> { static override resourceType = 'users' }
export class UserResource extends JsonResource<User> {
  @WhenNotNull() nickname!: string
  @When(() => true) get secret(): string { return 's' }
  @MergeWhen(() => true) get extra() { return { a: 1 } }
  @WhenLoaded(() => PostResource) posts?: string[]
}
export class UserDoc extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Relationship(() => UserApi) author?: User
}
`

describe.each([
  ['legacy', true],
  ['standard', false],
])('typed payload error messages (%s decorators)', (_mode, experimentalDecorators) => {
  const found = errors(PAYLOAD_MISUSE, experimentalDecorators)

  it('a conditional member declared with !, a getter without undefined and an untyped @MergeWhen getter compile', () => {
    for (const line of [7, 8, 9])
      expect(found).not.toContainEqual(expect.stringMatching(new RegExp(`^${line}: `)))
  })

  it('a member type that does not match the thunk names the helper types', () => {
    expect(found).toContainEqual(
      expect.stringMatching(/^10: .*Nested<typeof R> \/ NestedList<typeof R>/),
    )
  })

  it('a relationship not typed as its resource says how to type it', () => {
    expect(found).toContainEqual(
      expect.stringMatching(/^14: .*@Relationship\(\): type the member as the related resource/),
    )
    expect(found).toHaveLength(2)
  })
})

const COLLECTION_MISUSE = `
import { Field, JsonResource, type LengthAwarePaginator } from 'api-resources'
interface User { id: number; email: string; nickname?: string }
class UserResource extends JsonResource<User> { @Field() id!: number }
declare const page: LengthAwarePaginator<{ id: string; email: string }>
UserResource.collection([{ id: 1 }])
UserResource.collection([{ id: '1', email: 'a' }])
UserResource.collection(page)
UserResource.collection(new Map([['a', { email: 'a' }]]))
UserResource.collection([1, 2])
new UserResource({ id: 1 })
new UserResource({ id: '1', email: 'a' })
UserResource.collection([{ id: 1, email: 'a' }, null])
UserResource.collection(null)
`

describe('type errors of collection() and new Resource() name the member that does not fit', () => {
  const found = errors(COLLECTION_MISUSE, false)

  it('a missing member is named', () => {
    expect(found).toContainEqual(
      expect.stringMatching(
        /^5: .*Property '"collection\(\): member \\"email\\" is missing from the items"' is missing/,
      ),
    )
  })

  it('a member of another type is named, through a list, a paginator and a keyed source', () => {
    expect(found).toContainEqual(
      expect.stringMatching(
        /^6: .*'"collection\(\): member \\"id\\" of the items does not have the model's type"'/,
      ),
    )
    expect(found).toContainEqual(
      expect.stringMatching(
        /^7: .*'"collection\(\): member \\"id\\" of the items does not have the model's type"'/,
      ),
    )
    expect(found).toContainEqual(
      expect.stringMatching(/^8: .*'"collection\(\): member \\"id\\" is missing from the items"'/),
    )
    expect(found).not.toContainEqual(expect.stringMatching(/ReadonlyMap|Index signature/))
  })

  it('items that are not objects are called so', () => {
    expect(found).toContainEqual(
      expect.stringMatching(/^9: .*collection\(\): the items are not models of this resource/),
    )
  })

  it('new Resource() names the member too; null items and a null source are accepted', () => {
    expect(found).toContainEqual(expect.stringMatching(/^10: .*Property 'email' is missing/))
    expect(found).toContainEqual(
      expect.stringMatching(/^11: Type 'string' is not assignable to type 'number'/),
    )
    expect(found).toHaveLength(7)
  })
})

const UNMAPPED = `
import { Attribute, Field, JsonApiResource, JsonResource, WhenLoaded, WhenNotNull } from 'api-resources'
interface Address { city: string }
interface User { id: number; address: Address; tags: string[]; at: Date; meta: unknown; author?: User; posts?: Address[]; note: Address | null }
export class UserResource extends JsonResource<User> {
  @Field() address!: Address
  @WhenLoaded() author?: User
  @WhenLoaded() posts?: Address[]
  @WhenNotNull() note?: Address
  @Field({ raw: true, from: 'address' }) rawAddress!: Address
  @Field({ from: 'address', schema: { type: 'object' } }) described!: Address
  @Field() tags!: string[]
  @Field() at!: Date
  @Field() meta!: unknown
  @Field() get city(): Address { return this.resource.address }
}
export class UserApi extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Attribute() address!: Address
}
`

describe.each([
  ['legacy', true],
  ['standard', false],
])('an object-typed member without a thunk (%s decorators)', (_mode, experimentalDecorators) => {
  const found = errors(UNMAPPED, experimentalDecorators)
  const raw = (line: number, name: string) =>
    expect.stringMatching(
      new RegExp(
        `^${line}: .*@${name}\\(\\): an object passes through as it is, with every key it has \\(a model would leak its columns\\): map it through a resource with a thunk, as in @${name}\\(\\(\\) => PostResource\\), or say it is meant with \\{ raw: true \\} or a \\{ schema \\}`,
      ),
    )

  it('is a type error naming the thunk and the opt-in, for one object, a model and a list', () => {
    expect(found).toContainEqual(raw(5, 'Field'))
    expect(found).toContainEqual(raw(6, 'WhenLoaded'))
    expect(found).toContainEqual(raw(7, 'WhenLoaded'))
    expect(found).toContainEqual(raw(8, 'WhenNotNull'))
    expect(found).toContainEqual(raw(18, 'Attribute'))
  })

  it('raw: true, a schema, scalars, lists of scalars, dates, unknown and getters are accepted', () => {
    expect(found).toHaveLength(5)
  })
})
