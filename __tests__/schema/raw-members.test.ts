// A member declared `raw: true` passes an object through as it is, by the app's choice: its schema
// says so (any JSON object, or a list of them when design:type says a list), so that the document
// holds no schema that allows any value and `checkResponses` accepts what passes through; a
// `schema`, `type` or `nullable` given with it is used. The same in both decorator modes, except
// what only design:type can tell.
import 'reflect-metadata'
import ts from 'typescript'
import * as api from '../../src'
import { loadResponseChecker } from '../../src/http'
import { bodySchema, componentName } from '../../src/openapi'
import { checkResponseBody } from '../../src/schema/check'

function load(source: string, legacy: boolean): Record<string, any> {
  const code = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: legacy,
      emitDecoratorMetadata: legacy,
    },
  }).outputText
  const exports: Record<string, any> = {}
  const req = (id: string) => (id === 'api-resources' ? api : require(id))
  new Function('require', 'exports', 'module', code)(req, exports, { exports })
  return exports
}

const SOURCE = `
import { Field, JsonResource, WhenLoaded } from 'api-resources'
interface Settings { theme: string; at?: string }
export class AccountResource extends JsonResource<any> {
  @Field('integer') id!: number
  @Field({ raw: true }) settings!: Settings
  @Field({ raw: true }) history!: Settings[]
  @Field({ raw: true, type: 'object[]' }) drafts!: Settings[]
  @WhenLoaded({ raw: true }) profile?: Settings
  @Field({ raw: true, nullable: true }) extra!: Settings | null
  @Field({
    raw: true,
    schema: { type: 'object', properties: { theme: { type: 'string' } }, required: ['theme'] },
  })
  described!: Settings
}
`

const OPEN = { type: 'object', additionalProperties: true }
const NULL = { type: 'null' }

const account = {
  id: 1,
  settings: { theme: 'dark', nested: { deep: [1, 2] } },
  history: [{ theme: 'light' }, { theme: 'dark', at: '2026-01-01T00:00:00.000Z' }],
  drafts: [{ theme: 'x' }],
  profile: { bio: 'hi', links: [] },
  extra: null,
  described: { theme: 'dark' },
}

beforeAll(() => loadResponseChecker())

describe.each([
  ['legacy', true],
  ['standard', false],
])('a raw member (%s decorators)', (_mode, legacy) => {
  const { AccountResource } = load(SOURCE, legacy)
  const properties = () =>
    (bodySchema(AccountResource, 'resource').$defs as Record<string, { properties: object }>)[
      componentName(AccountResource)
    ].properties as Record<string, unknown>

  it('is described as any JSON object, never as a schema that allows anything', () => {
    const found = properties()
    expect(found.settings).toEqual(OPEN)
    expect(found.profile).toEqual({ anyOf: [OPEN, NULL] })
    expect(found.extra).toEqual({ anyOf: [OPEN, NULL] })
    for (const schema of Object.values(found)) {
      expect(schema).not.toBe(true)
      expect(schema).not.toEqual({})
    }
  })

  it('a list: from design:type when there is one, else said with type', () => {
    const found = properties()
    expect(found.history).toEqual(legacy ? { type: 'array', items: OPEN } : OPEN)
    expect(found.drafts).toEqual({ type: 'array', items: { type: 'object' } })
  })

  it('keeps a schema given with it', () => {
    expect(properties().described).toEqual({
      type: 'object',
      properties: { theme: { type: 'string' } },
      required: ['theme'],
    })
  })

  it('passes checkResponses with what it passes through', () => {
    // standard decorators cannot tell the list: it is said with type there
    const model = legacy ? account : { ...account, history: { theme: 'light' } }
    const resource = new AccountResource(model)
    expect(() => checkResponseBody(resource, resource.toPayload())).not.toThrow()
    expect(resource.toPayload().data.settings).toEqual(account.settings)
  })

  it('is still checked: a scalar where an object passes through is a mismatch', () => {
    const resource = new AccountResource({ ...account, settings: 'dark' })
    expect(() => checkResponseBody(resource, resource.toPayload())).toThrow(
      expect.objectContaining({ code: 'ERR_RESPONSE_SCHEMA' }),
    )
    expect(() => checkResponseBody(resource, resource.toPayload())).toThrow(/\/data\/settings/)
  })
})
