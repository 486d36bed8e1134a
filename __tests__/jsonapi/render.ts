// Renders a JSON:API payload inside a request context for a URL and checks it with the official
// schema (and the compound-document rules); every test document goes through here.
import { createRequestContext, runWithRequestContext } from 'api-resources'
import { assertClientGraph } from '../support/jsonapi-clients'
import { assertJsonApiDocument } from '../support/jsonapi-schema'

export interface Doc {
  data: any
  included?: any[]
  links?: Record<string, unknown>
  meta?: Record<string, unknown>
  jsonapi?: unknown
  [key: string]: unknown
}

/**
 * `JSON.parse(JSON.stringify(value))` inside a request for `url`, validated with the official schema
 * and parsed back by jsona and kitsu-core with the object graph intact.
 */
export function render(value: unknown, url = '/'): Doc {
  const json = runWithRequestContext(createRequestContext(url), () => JSON.stringify(value))
  const doc = JSON.parse(json) as Doc
  assertJsonApiDocument(doc, { sparse: url.includes('fields') })
  assertClientGraph(doc)
  return doc
}

export const keys = (objects: Array<{ type: string; id: string }> = []): string[] =>
  objects.map((o) => `${o.type}:${o.id}`)
