import { DocumentBuilder } from './document-builder'
import type { IncludeNode } from './include-tree'
import type { Fieldsets, ResourceObject, TypeDescriptor } from './types'

/** What one document is built from. @internal */
export interface DocumentInput {
  readonly descriptor: TypeDescriptor
  readonly include: IncludeNode
  readonly request: unknown
  readonly fields: Fieldsets | undefined
  /** The top-level `links.self`, when the class asks for it and there is a request. */
  readonly selfLink?: string
}

/** `data` and `included` of a document. */
interface DocumentData {
  readonly data: ResourceObject | ResourceObject[] | null
  readonly included: ResourceObject[]
}

/** A single-resource document's members; `model` null gives `data: null`. @internal */
export function buildSingleData(input: DocumentInput, model: object | null): DocumentData {
  if (model === null) return { data: null, included: [] }
  const builder = new DocumentBuilder(input.request, input.fields)
  builder.addPrimary(builder.viewOf(input.descriptor), model)
  const data = builder.data[0]
  if (input.include.edges.length > 0) builder.expand(model, input.include)
  return { data, included: builder.included }
}

/**
 * A collection document's members. A model that repeats an earlier `(type, id)` is rendered once
 * (JSON:API: one resource object per `(type, id)` in a document), with the linkage any of its
 * instances has, and the includes of each instance followed; `null` entries are skipped.
 * @internal
 */
export function buildCollectionData(
  input: DocumentInput,
  models: readonly unknown[],
): DocumentData {
  const builder = new DocumentBuilder(input.request, input.fields)
  const primary: object[] = []
  const view = builder.viewOf(input.descriptor)
  for (let i = 0; i < models.length; i++) {
    const model = models[i]
    if (typeof model !== 'object' || model === null) continue
    if (builder.addPrimary(view, model)) primary.push(model)
  }
  // all primary objects are registered before any include is followed, so none lands in `included`
  if (input.include.edges.length > 0) {
    for (let i = 0; i < primary.length; i++) builder.expand(primary[i], input.include)
  }
  return { data: builder.data, included: builder.included }
}
