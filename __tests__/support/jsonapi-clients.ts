/**
 * Parses JSON:API documents back with two real client libraries, so tests can check that the object
 * graph a document describes is the one a client sees: jsona (`deserialize`: plain objects whose
 * relations are the related objects themselves) and kitsu-core (`deserialise`: relations under
 * `{ data }`). Both get a JSON round-trip of the document, as a client would.
 */
import type { Jsona as JsonaClass } from 'jsona' with { 'resolution-mode': 'import' }

// Both packages are ESM-typed; jsona's CommonJS build loads as it is, kitsu-core's through
// kitsu-core.cjs (on Node 24 and later its `.js` files would be read as ES modules)
const { Jsona } = require('jsona') as { Jsona: typeof JsonaClass }
const { deserialise } = require('./kitsu-core.cjs') as { deserialise: (doc: unknown) => unknown }

/** A parsed resource: its attributes, `id`, `type`, and relations as linked objects. */
export type ClientModel = Record<string, unknown> & { id: string; type: string }

/** jsona's view of the primary data (an object, a list, or null). */
export function parseWithJsona(doc: unknown): ClientModel | ClientModel[] | null {
  const json = JSON.parse(JSON.stringify(doc)) as Parameters<JsonaClass['deserialize']>[0]
  return new Jsona().deserialize(json) as unknown as ClientModel | ClientModel[] | null
}

/** kitsu-core's view of the document (`{ data, ... }`). */
export function parseWithKitsu(doc: unknown): { data: unknown } {
  const json = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>
  return deserialise(json) as { data: unknown }
}

interface ResourceLike {
  type: string
  id: string
  attributes?: Record<string, unknown>
  relationships?: Record<string, { data?: unknown }>
}

type Identifier = { type: string; id: string }

/** How a client exposes a relation: jsona gives the related value, kitsu-core `{ data }`. */
type Unwrap = (value: unknown) => unknown

function compareGraph(
  client: string,
  unwrap: Unwrap,
  index: Map<string, ResourceLike>,
  model: Record<string, unknown>,
  resource: ResourceLike,
  seen: Set<string>,
): void {
  const key = `${resource.type}:${resource.id}`
  const where = `${client}: ${key}`
  if (model.id !== resource.id || model.type !== resource.type)
    throw new Error(`${where}: parsed as ${String(model.type)}:${String(model.id)}`)
  if (seen.has(key)) return
  seen.add(key)
  for (const [name, value] of Object.entries(resource.attributes ?? {})) {
    if (JSON.stringify(model[name]) !== JSON.stringify(value))
      throw new Error(`${where}: attribute ${name} parsed as ${JSON.stringify(model[name])}`)
  }
  for (const [name, rel] of Object.entries(resource.relationships ?? {})) {
    if (rel.data === undefined) continue // links and meta only: no linkage to follow
    const related = unwrap(model[name])
    const linkage = rel.data as Identifier | Identifier[] | null
    const pairs: Array<[unknown, Identifier]> = Array.isArray(linkage)
      ? linkage.map((l, i) => [Array.isArray(related) ? related[i] : undefined, l])
      : linkage === null
        ? []
        : [[related, linkage]]
    if (Array.isArray(linkage) && (!Array.isArray(related) || related.length !== linkage.length))
      throw new Error(`${where}: relation ${name} parsed as ${JSON.stringify(related)}`)
    for (const [item, link] of pairs) {
      const target = index.get(`${link.type}:${link.id}`)
      const parsed = (item ?? {}) as Record<string, unknown>
      if (target !== undefined) compareGraph(client, unwrap, index, parsed, target, seen)
      else if (parsed.id !== link.id) throw new Error(`${where}: relation ${name} lost ${link.id}`)
    }
  }
}

/**
 * Parses `doc` with jsona and with kitsu-core and checks that each client sees the graph the
 * document describes: every primary object with its attributes, every relation leading to the
 * related object (with its own attributes and relations when it is in the document).
 */
export function assertClientGraph(doc: { data: unknown; included?: unknown[] }): void {
  const primary = (doc.data === null ? [] : [doc.data].flat()) as ResourceLike[]
  const index = new Map<string, ResourceLike>()
  for (const r of [...primary, ...((doc.included ?? []) as ResourceLike[])])
    index.set(`${r.type}:${r.id}`, r)
  const jsona = parseWithJsona(doc)
  const kitsu = parseWithKitsu(doc).data
  const views: Array<[string, unknown, Unwrap]> = [
    ['jsona', jsona, (v) => v],
    ['kitsu-core', kitsu, (v) => (v as { data?: unknown } | undefined)?.data],
  ]
  for (const [client, parsed, unwrap] of views) {
    const models = (parsed == null ? [] : [parsed].flat()) as Record<string, unknown>[]
    if (models.length !== primary.length)
      throw new Error(`${client}: ${models.length} primary objects, expected ${primary.length}`)
    models.forEach((m, i) => compareGraph(client, unwrap, index, m, primary[i], new Set()))
  }
}
