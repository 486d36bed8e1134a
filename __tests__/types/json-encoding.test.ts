// The payload types follow the app's JSON choices, declared once by module augmentation
// (`interface JsonEncoding { bigint: 'number' }`): a bigint member, and a bigint property of a model
// a member-less resource sends as it is, are then typed `number`, in both decorator modes. The
// declaration reaches the whole program it is in, so each case is its own program here (the
// repository's type tests keep the default, a string).
import { join, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(__dirname, '../..')
const VIRTUAL = join(__dirname, 'virtual-json-encoding.ts')

/** The messages of the errors tsc reports for `source`, one per line, in one decorator mode. */
function errors(source: string, experimentalDecorators: boolean): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!
  const options = {
    ...config.options,
    experimentalDecorators,
    emitDecoratorMetadata: experimentalDecorators,
    noEmit: true,
  }
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

const RESOURCES = `
import { expectTypeOf } from 'expect-type'
import { Field, JsonResource, WhenNotNull, type PayloadOf } from 'api-resources'

interface Ledger {
  id: bigint
  name: string
  balance: bigint | null
  opened: Date
  history: { at: Date; amount: bigint }[]
  settle(): void
}

export class LedgerResource extends JsonResource<Ledger> {
  @Field('bigint') id!: bigint
  @Field() name!: string
  @Field({ type: 'bigint', nullable: true }) balance!: bigint | null
  @Field() opened!: Date
}

export class PartialLedger extends JsonResource<Ledger> {
  @WhenNotNull({ type: 'bigint' }) balance?: bigint
}

// no declared members: the model as JSON writes it (no method, a Date a string, at any depth)
export class PlainLedger extends JsonResource<Ledger> {}
`

const AS_NUMBER = `
declare module 'api-resources' {
  interface JsonEncoding {
    bigint: 'number'
  }
}
${RESOURCES}
expectTypeOf<PayloadOf<typeof LedgerResource>>().toEqualTypeOf<{
  id: number
  name: string
  balance: number | null
  opened: string
}>()
expectTypeOf<PayloadOf<typeof PartialLedger>>().toEqualTypeOf<{ balance?: number }>()
expectTypeOf<PayloadOf<typeof PlainLedger>>().toEqualTypeOf<{
  id: number
  name: string
  balance: number | null
  opened: string
  history: { at: string; amount: number }[]
}>()
`

const AS_STRING = `
${RESOURCES}
expectTypeOf<PayloadOf<typeof LedgerResource>>().toEqualTypeOf<{
  id: string
  name: string
  balance: string | null
  opened: string
}>()
expectTypeOf<PayloadOf<typeof PlainLedger>>().toEqualTypeOf<{
  id: string
  name: string
  balance: string | null
  opened: string
  history: { at: string; amount: string }[]
}>()
`

describe.each([
  ['legacy', true],
  ['standard', false],
])('payload types and the JSON encoding (%s decorators)', (_mode, experimentalDecorators) => {
  it("type a bigint as a number once the app declares bigint: 'number'", () => {
    expect(errors(AS_NUMBER, experimentalDecorators)).toEqual([])
  }, 120_000)

  it('type a bigint as a string otherwise, a Date as a string in a member-less payload', () => {
    expect(errors(AS_STRING, experimentalDecorators)).toEqual([])
  }, 120_000)

  it('reject the other form (the checks above can fail)', () => {
    const wrong = `${RESOURCES}
const payload: PayloadOf<typeof PlainLedger> = null!
export const n: number = payload.id
export const d: Date = payload.opened
`
    expect(errors(wrong, experimentalDecorators)).toEqual([
      expect.stringMatching(/Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/Type 'string' is not assignable to type 'Date'/),
    ])
  }, 120_000)
})
