/**
 * Parses JSON:API documents back with two real client libraries, so tests can check that the object
 * graph a document describes is the one a client sees: jsona (`deserialize`: plain objects whose
 * relations are the related objects themselves) and kitsu-core (`deserialise`: relations under
 * `{ data }`). Both get a JSON round-trip of the document, as a client would.
 */
import type { Jsona as JsonaClass } from 'jsona' with { 'resolution-mode': 'import' }

// Both packages are ESM-typed; their CommonJS builds load fine under jest.
const { Jsona } = require('jsona') as { Jsona: typeof JsonaClass }
const { deserialise } = require('kitsu-core') as { deserialise: (doc: unknown) => unknown }

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
