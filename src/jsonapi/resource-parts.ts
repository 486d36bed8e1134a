// The members of one resource object: sparse-fieldset picks and relationship linkage (internal).
import { isObject } from '../util/objects'
import { MISSING } from '../runtime/missing'
import type { ModelRules } from '../runtime/model-rules'
import { rulesFor } from '../runtime/model-registry'
import { setKey } from '../util/objects'
import type { RelationDescriptor, RelationshipObject, ResourceIdentifier } from './types'

/**
 * Keeps the fieldset's names; `undefined` when nothing is left (no `attributes` member). A key whose
 * value is `undefined` is nothing: JSON leaves it out, and an `attributes: {}` would be left.
 */
export function pickAttributes(
  attributes: Record<string, unknown>,
  fieldset: ReadonlySet<string> | undefined,
): Record<string, unknown> | undefined {
  if (fieldset === undefined) {
    for (const key in attributes) if (attributes[key] !== undefined) return attributes
    return undefined
  }
  let picked: Record<string, unknown> | undefined
  for (const key in attributes) {
    if (fieldset.has(key) && attributes[key] !== undefined)
      setKey((picked ??= {}), key, attributes[key])
  }
  return picked
}

/** Keeps `keep` (a fieldset in output order); `undefined` when nothing is left. */
export function pickKeys(
  attributes: Record<string, unknown>,
  keep: readonly string[],
): Record<string, unknown> | undefined {
  let picked: Record<string, unknown> | undefined
  for (let i = 0; i < keep.length; i++) {
    const key = keep[i]
    if (attributes[key] !== undefined && key in attributes)
      setKey((picked ??= {}), key, attributes[key])
  }
  return picked
}

/** The value of a relation of one model (what the document builder reads, once per model). */
export type RelationValueOf = (relation: RelationDescriptor) => unknown

/**
 * `relationships` of one object: every relation that was eager-loaded or declares links or meta;
 * `undefined` when there is none. `id` is the object's id (for link templates); `valueOf` gives a
 * relation's loaded value (or `MISSING`).
 */
export function linkageOf(
  relations: readonly RelationDescriptor[],
  model: object,
  rules: ModelRules,
  id: string,
  request: unknown,
  valueOf: RelationValueOf,
): Record<string, RelationshipObject> | undefined {
  let out: Record<string, RelationshipObject> | undefined
  for (let i = 0; i < relations.length; i++) {
    const relation = relations[i]
    const object = relationshipOf(relation, model, rules, id, request, valueOf(relation))
    if (object !== undefined) (out ??= {})[relation.name] = object
  }
  return out
}

/**
 * One relationship object: `{ data }` when the relation was eager-loaded (`value` is its loaded
 * value), plus its declared `links` and `meta`; only those when it was not loaded; `undefined` when
 * there is nothing to say.
 */
export function relationshipOf(
  relation: RelationDescriptor,
  model: object,
  rules: ModelRules,
  id: string,
  request: unknown,
  value: unknown,
): RelationshipObject | undefined {
  const data = linkageData(relation, value)
  if (relation.linksOf === undefined && relation.metaOf === undefined)
    return data === undefined ? undefined : { data }
  const object: RelationshipObject = data === undefined ? {} : { data }
  const links = relation.linksOf?.(model, id, rules, request)
  if (links !== undefined) object.links = links
  const meta = relation.metaOf?.(model, request)
  if (meta !== undefined) object.meta = meta
  return data === undefined && links === undefined && meta === undefined ? undefined : object
}

/** The linkage of one relation's loaded `value`, or `undefined` when it was not eager-loaded. */
export function linkageData(
  relation: RelationDescriptor,
  value: unknown,
): RelationshipObject['data'] | undefined {
  if (value === MISSING) return undefined
  if (value === null) return null
  if (!isObject(value)) return undefined // a scalar (a foreign key?) is not a loaded relation
  const descriptor = relation.target
  if (!Array.isArray(value))
    return { type: descriptor.type, id: descriptor.idOf(value, rulesFor(value)) }
  const data: ResourceIdentifier[] = []
  for (const item of value as unknown[]) {
    if (isObject(item))
      data.push({ type: descriptor.type, id: descriptor.idOf(item, rulesFor(item)) })
  }
  return data
}
