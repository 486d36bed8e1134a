// Proves the ajv set-up of __tests__/support/jsonapi-schema.ts with the upstream fixtures: every valid
// document passes, every invalid one fails (strict 1.0 link rules), and the 1.1 relaxation changes only
// what it should (relative links).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  JSONAPI_SCHEMA_DIR,
  SHARED_SCHEMA_DIR,
  assertJsonApiDocument,
  compoundDocumentProblems,
  jsonApiSchemaErrors,
} from '../support/jsonapi-schema'

const FIXTURES = join(JSONAPI_SCHEMA_DIR, 'upstream-tests', '1.0', 'response')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.json') ? [path] : []
  })
}

const load = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))
const valid = filesUnder(join(FIXTURES, 'valid'))
const invalid = filesUnder(join(FIXTURES, 'invalid'))
const name = (file: string): string => relative(FIXTURES, file)

// Documents that are only invalid because of an absolute-URL rule JSON:API 1.1 dropped, or because of
// a uniqueness rule JSON Schema cannot express (checked by compoundDocumentProblems instead).
const RELATIVE_LINK = 'invalid/links/link_must_be_valid_uri.json'

describe('the official JSON:API schema with ajv', () => {
  it('finds the upstream fixtures', () => {
    expect(valid.length).toBeGreaterThanOrEqual(20)
    expect(invalid.length).toBeGreaterThanOrEqual(50)
  })

  it.each(valid.map((f) => [name(f), f]))('accepts %s (strict and relaxed)', (_n, file) => {
    expect(jsonApiSchemaErrors(load(file), true)).toEqual([])
    expect(jsonApiSchemaErrors(load(file))).toEqual([])
  })

  it.each(invalid.map((f) => [name(f), f]))('rejects %s', (n, file) => {
    const doc = load(file)
    const schemaErrors = jsonApiSchemaErrors(doc, true)
    const unique =
      schemaErrors.length === 0 && typeof doc === 'object' && doc !== null && 'data' in doc
        ? compoundDocumentProblems(doc as Record<string, unknown>)
        : []
    expect(schemaErrors.length + unique.length).toBeGreaterThan(0)
    if (n !== RELATIVE_LINK) {
      expect(() => assertJsonApiDocument(doc)).toThrow('not a valid JSON:API document')
    }
  })

  it('allows relative links only in the relaxed (JSON:API 1.1) validator', () => {
    const doc = { data: null, links: { self: '/posts?page=2', next: null } }
    expect(jsonApiSchemaErrors(doc, true)).not.toEqual([])
    expect(jsonApiSchemaErrors(doc)).toEqual([])
    expect(jsonApiSchemaErrors({ data: null, links: { self: 'a b\u0000' } })).not.toEqual([])
  })

  it('finds duplicates and unreachable included objects', () => {
    const post = { type: 'posts', id: '1' }
    expect(compoundDocumentProblems({ data: [post, post] })).toEqual([
      '(posts, 1) appears more than once',
    ])
    expect(
      compoundDocumentProblems({ data: post, included: [{ type: 'users', id: '9' }] }),
    ).toEqual(['included (users, 9) is not linked'])
  })
})

describe('the schema copy', () => {
  const shared = existsSync(join(SHARED_SCHEMA_DIR, 'jsonapi-1.0.schema.json'))
  ;(shared ? it : it.skip)(
    'is identical to ../shared/jsonapi-schemas (when it is beside the clone)',
    () => {
      const files = (dir: string): string[] =>
        readdirSync(dir, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.json'))
          .sort()
      const ours = files(JSONAPI_SCHEMA_DIR)
      expect(ours.length).toBeGreaterThan(70)
      for (const f of ours) {
        expect(readFileSync(join(JSONAPI_SCHEMA_DIR, f), 'utf8')).toBe(
          readFileSync(join(SHARED_SCHEMA_DIR, f), 'utf8'),
        )
      }
    },
  )
})
