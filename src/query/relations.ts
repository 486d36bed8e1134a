/**
 * Relation loaders, declared once per table (keys and table, nothing else), for the query-builder
 * adapters (Knex, Kysely) to load a plan's includes in batches: one query per include path segment
 * for the whole page.
 */
import { optionError } from './option-error'

/** The parent row holds the key of one related row (`posts.user_id` -> `users.id`). */
export interface BelongsToDefinition {
  readonly kind: 'belongsTo'
  readonly table: string
  /** The column of the parent row holding the related row's key. */
  readonly foreignKey: string
  /** The related table's key column; default `id`. */
  readonly ownerKey: string
}

/** Related rows hold the parent's key (`comments.post_id` -> `posts.id`). */
export interface HasManyDefinition {
  readonly kind: 'hasMany'
  readonly table: string
  /** The column of the related rows holding the parent's key. */
  readonly foreignKey: string
  /** The parent's key column; default `id`. */
  readonly localKey: string
  /** The order of each parent's related rows; default the related table's `id`. */
  readonly orderBy: string
}

/** A pivot table joins parents and related rows (`post_tag.post_id`, `post_tag.tag_id`). */
export interface BelongsToManyDefinition {
  readonly kind: 'belongsToMany'
  readonly table: string
  readonly pivot: string
  /** The pivot column holding the parent's key. */
  readonly foreignPivotKey: string
  /** The pivot column holding the related row's key. */
  readonly relatedPivotKey: string
  /** The parent's key column; default `id`. */
  readonly parentKey: string
  /** The related table's key column; default `id`. */
  readonly relatedKey: string
  /** Pivot columns copied onto each related row's pivot object (`whenPivotLoaded`). */
  readonly pivotColumns: readonly string[]
  /** The property of each related row the pivot object is set on; default `pivot`. */
  readonly as: string
  /** The order of each parent's related rows; default the pivot's related key. */
  readonly orderBy: string
}

/** One relation loader. */
export type RelationDefinition = BelongsToDefinition | HasManyDefinition | BelongsToManyDefinition

/** Table -> relation (the model property it is set on) -> its loader. */
export type RelationMap = Readonly<Record<string, Readonly<Record<string, RelationDefinition>>>>

function name(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '')
    throw optionError(value, what, 'a non-empty string')
  return value
}

/** `posts.user_id` -> `users.id`: `belongsTo('users', { foreignKey: 'user_id' })`. */
export function belongsTo(
  table: string,
  keys: { readonly foreignKey: string; readonly ownerKey?: string },
): BelongsToDefinition {
  return Object.freeze({
    kind: 'belongsTo',
    table: name(table, 'belongsTo table'),
    foreignKey: name(keys.foreignKey, 'belongsTo foreignKey'),
    ownerKey: name(keys.ownerKey ?? 'id', 'belongsTo ownerKey'),
  })
}

/** `comments.post_id` -> `posts.id`: `hasMany('comments', { foreignKey: 'post_id' })`. */
export function hasMany(
  table: string,
  keys: { readonly foreignKey: string; readonly localKey?: string; readonly orderBy?: string },
): HasManyDefinition {
  return Object.freeze({
    kind: 'hasMany',
    table: name(table, 'hasMany table'),
    foreignKey: name(keys.foreignKey, 'hasMany foreignKey'),
    localKey: name(keys.localKey ?? 'id', 'hasMany localKey'),
    orderBy: name(keys.orderBy ?? 'id', 'hasMany orderBy'),
  })
}

/**
 * Through a pivot table: `belongsToMany('tags', { pivot: 'post_tag', foreignPivotKey: 'post_id',
 * relatedPivotKey: 'tag_id', pivotColumns: ['position'] })`.
 */
export function belongsToMany(
  table: string,
  keys: {
    readonly pivot: string
    readonly foreignPivotKey: string
    readonly relatedPivotKey: string
    readonly parentKey?: string
    readonly relatedKey?: string
    readonly pivotColumns?: readonly string[]
    readonly as?: string
    readonly orderBy?: string
  },
): BelongsToManyDefinition {
  const pivotColumns = (keys.pivotColumns ?? []).map((c) => name(c, 'belongsToMany pivotColumns'))
  return Object.freeze({
    kind: 'belongsToMany',
    table: name(table, 'belongsToMany table'),
    pivot: name(keys.pivot, 'belongsToMany pivot'),
    foreignPivotKey: name(keys.foreignPivotKey, 'belongsToMany foreignPivotKey'),
    relatedPivotKey: name(keys.relatedPivotKey, 'belongsToMany relatedPivotKey'),
    parentKey: name(keys.parentKey ?? 'id', 'belongsToMany parentKey'),
    relatedKey: name(keys.relatedKey ?? 'id', 'belongsToMany relatedKey'),
    pivotColumns: Object.freeze(pivotColumns),
    as: name(keys.as ?? 'pivot', 'belongsToMany as'),
    orderBy: name(keys.orderBy ?? keys.relatedPivotKey, 'belongsToMany orderBy'),
  })
}

/**
 * The app's relation loaders, once: table -> relation name (the model property a loaded relation is
 * set on, what `whenLoaded` reads) -> loader.
 *
 * @example
 * const relations = defineRelations({
 *   posts: {
 *     author: belongsTo('users', { foreignKey: 'user_id' }),
 *     comments: hasMany('comments', { foreignKey: 'post_id' }),
 *   },
 *   comments: { author: belongsTo('users', { foreignKey: 'user_id' }) },
 * })
 */
export function defineRelations<R extends RelationMap>(relations: R): R {
  for (const [table, byName] of Object.entries(relations))
    for (const [relation, definition] of Object.entries(byName))
      if (typeof definition !== 'object' || definition === null || !('kind' in definition))
        throw optionError(
          definition,
          `relations.${table}.${relation}`,
          'belongsTo(), hasMany() or belongsToMany()',
        )
  return Object.freeze(relations)
}
