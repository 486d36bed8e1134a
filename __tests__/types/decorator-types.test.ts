// Runs the type tests under standard decorators (tsconfig.json covers legacy ones), and checks the
// messages of the type errors in both modes: a misuse must say what to write instead.
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(__dirname, '../..')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

describe('decorator type tests under standard decorators', () => {
  it('type-check (every @ts-expect-error is an error there too)', () => {
    const run = () =>
      execFileSync(process.execPath, [TSC, '-p', join(__dirname, 'standard/tsconfig.json')], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    expect(run).not.toThrow()
  }, 120_000)
})

const VIRTUAL = join(__dirname, 'virtual-misuse.ts')

const SOURCE = `
import { Field, JsonResource, WhenLoaded } from 'api-resources'
interface Post { id: number }
interface User { id: number; email: string; posts?: Post[] }
class PostResource extends JsonResource<Post> {}
export class UserResource extends JsonResource<User> {
  @WhenLoaded() posts!: PostResource[]
  @Field() emial!: string
  @Field() method(): number { return 1 }
  @Field() static count = 1
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

  it('a method or a static member is named as such', () => {
    expect(found).toContainEqual(
      expect.stringMatching(/^8: .*@Field\(\) goes on an instance field or getter; got a method/),
    )
    expect(found).toContainEqual(
      expect.stringMatching(/^9: .*@Field\(\) goes on an instance field or getter; got a static/),
    )
    expect(found).toHaveLength(4)
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
