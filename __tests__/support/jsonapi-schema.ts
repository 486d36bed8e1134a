/**
 * Validates JSON:API documents against the official JSON:API 1.0 response schema (draft 2020-12,
 * kept byte-for-byte in `__tests__/fixtures/jsonapi-schemas/`, a copy of `../shared/jsonapi-schemas/`) with ajv.
 *
 * The 1.0 schema requires absolute link URLs (`format: uri`); JSON:API 1.1 allows relative ones, so
 * the default validator reads link URLs as `uri-reference`. `strict: true` keeps the schema as is
 * (used to prove the set-up against the upstream fixtures).
 *
 * Beyond the schema, {@link assertJsonApiDocument} checks what JSON Schema cannot express: every
 * `(type, id)` appears once in the document, and every included object is reachable from the
 * primary data through relationship linkage (full linkage).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'

/**
 * The official schema and its upstream fixtures, copied into the repository (see PROVENANCE.md there)
 * so the suite runs from any clone; `SHARED_SCHEMA_DIR` is the original beside the clone, when present.
 */
export const JSONAPI_SCHEMA_DIR = join(__dirname, '..', 'fixtures', 'jsonapi-schemas')
export const SHARED_SCHEMA_DIR = join(__dirname, '..', '..', '..', 'shared', 'jsonapi-schemas')
export const JSONAPI_SCHEMA_FILE = join(JSONAPI_SCHEMA_DIR, 'jsonapi-1.0.schema.json')

function loadSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(JSONAPI_SCHEMA_FILE, 'utf8')) as Record<string, unknown>
}

/** A deep copy of `node` with every `format: "uri"` turned into `uri-reference`. */
function relaxUriFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relaxUriFormats)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'format' && value === 'uri' ? 'uri-reference' : relaxUriFormats(value)
  }
  return out
}

function compile(strictUris: boolean): ValidateFunction {
  // strict: false because the schema uses `definitions`/`dependencies` (pre-2019 keywords) that
  // ajv's strict mode would reject as unknown in a 2020-12 schema; they still work as intended.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const schema = loadSchema()
  return ajv.compile(strictUris ? schema : (relaxUriFormats(schema) as Record<string, unknown>))
}

let relaxed: ValidateFunction | undefined
let strict: ValidateFunction | undefined

/** The validator: JSON:API 1.1 link rules (relative URLs allowed) unless `strictUris`. */
export function jsonApiValidator(strictUris = false): ValidateFunction {
  if (strictUris) return (strict ??= compile(true))
  return (relaxed ??= compile(false))
}

/** Schema errors of `doc`, formatted one per line; empty when valid. */
export function jsonApiSchemaErrors(doc: unknown, strictUris = false): string[] {
  const validate = jsonApiValidator(strictUris)
  if (validate(doc)) return []
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} (${e.schemaPath})`,
  )
}

interface ResourceLike {
  type: string
  id: string
  relationships?: Record<string, { data?: unknown }>
}

function keyOf(r: { type: string; id: string }): string {
  return `${r.type}\u0000${r.id}`
}

function linkageOf(r: ResourceLike): Array<{ type: string; id: string }> {
  const out: Array<{ type: string; id: string }> = []
  for (const rel of Object.values(r.relationships ?? {})) {
    const d = rel.data
    if (Array.isArray(d)) out.push(...(d as Array<{ type: string; id: string }>))
    else if (d !== null && typeof d === 'object') out.push(d as { type: string; id: string })
  }
  return out
}

/**
 * Compound-document rules JSON Schema cannot express; returns the problems found. Full linkage is
 * not checked when `sparse` (JSON:API exempts documents built with sparse fieldsets).
 */
export function compoundDocumentProblems(doc: Record<string, unknown>, sparse = false): string[] {
  const problems: string[] = []
  const primary = doc.data === null || doc.data === undefined ? [] : [doc.data].flat()
  const included = (doc.included ?? []) as ResourceLike[]
  const seen = new Set<string>()
  for (const r of [...(primary as ResourceLike[]), ...included]) {
    const k = keyOf(r)
    if (seen.has(k)) problems.push(`(${r.type}, ${r.id}) appears more than once`)
    seen.add(k)
  }
  if (sparse) return problems
  const byKey = new Map(included.map((r) => [keyOf(r), r]))
  const reached = new Set<string>()
  const queue = [...(primary as ResourceLike[])]
  while (queue.length > 0) {
    for (const link of linkageOf(queue.pop()!)) {
      const k = keyOf(link)
      const target = byKey.get(k)
      if (target !== undefined && !reached.has(k)) {
        reached.add(k)
        queue.push(target)
      }
    }
  }
  for (const r of included) {
    if (!reached.has(keyOf(r))) problems.push(`included (${r.type}, ${r.id}) is not linked`)
  }
  return problems
}

/**
 * Throws with every problem when `doc` is not a valid JSON:API 1.1 response document. Pass `sparse`
 * for documents built with `fields[...]`, which need not have full linkage.
 */
export function assertJsonApiDocument(doc: unknown, options: { sparse?: boolean } = {}): void {
  const problems = jsonApiSchemaErrors(doc)
  if (problems.length === 0 && typeof doc === 'object' && doc !== null && 'data' in doc) {
    problems.push(...compoundDocumentProblems(doc as Record<string, unknown>, options.sparse))
  }
  if (problems.length > 0) {
    throw new Error(
      `not a valid JSON:API document:\n${problems.join('\n')}\n${JSON.stringify(doc)}`,
    )
  }
}
