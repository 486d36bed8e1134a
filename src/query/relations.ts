/**
 * Relation loaders, declared once per table (keys and table, nothing else), for the query-builder
 * adapters (Knex, Kysely) to load a plan's includes in batches: one query per include path segment
 * for the whole page.
 */
import { ArgumentError } from '../errors/base'

/** The parent row holds the key of one related row (`posts.user_id` -> `users.id`). */
interface BelongsToDefinition {
  readonly kind: 'belongsTo'
  readonly table: string
  /** The column of the parent row holding the related row's key. */
  readonly foreignKey: string
  /** The related table's key column; default `id`. */
  readonly ownerKey: string
}

/** Related rows hold the parent's key (`comments.post_id` -> `posts.id`). */
interface HasManyDefinition {
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
    throw ArgumentError.decoratorOption(what, 'a non-empty string', value)
  return value
}

/**
 * A loader of `kind`, frozen: its `table` and each key of `defaults`, as given in `keys` or else
 * the default (`undefined`: required), each checked to be a name; then `extra`.
 */
function definition<D extends RelationDefinition>(
  kind: D['kind'],
  table: string,
  keys: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, string | undefined>>,
  extra?: Partial<D>,
): D {
  const out: Record<string, unknown> = { kind, table: name(table, `${kind} table`) }
  for (const [key, fallback] of Object.entries(defaults))
    out[key] = name(keys[key] ?? fallback, `${kind} ${key}`)
  return Object.freeze({ ...out, ...extra }) as D
}

/** `posts.user_id` -> `users.id`: `belongsTo('users', { foreignKey: 'user_id' })`. */
export function belongsTo(
  table: string,
  keys: { readonly foreignKey: string; readonly ownerKey?: string },
): BelongsToDefinition {
  return definition<BelongsToDefinition>('belongsTo', table, keys, {
    foreignKey: undefined,
    ownerKey: 'id',
  })
}

/** `comments.post_id` -> `posts.id`: `hasMany('comments', { foreignKey: 'post_id' })`. */
export function hasMany(
  table: string,
  keys: { readonly foreignKey: string; readonly localKey?: string; readonly orderBy?: string },
): HasManyDefinition {
  return definition<HasManyDefinition>('hasMany', table, keys, {
    foreignKey: undefined,
    localKey: 'id',
    orderBy: 'id',
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
  const defaults = {
    pivot: undefined,
    foreignPivotKey: undefined,
    relatedPivotKey: undefined,
    parentKey: 'id',
    relatedKey: 'id',
    as: 'pivot',
    orderBy: keys.relatedPivotKey,
  }
  return definition<BelongsToManyDefinition>('belongsToMany', table, keys, defaults, {
    pivotColumns: Object.freeze(pivotColumns),
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
        throw ArgumentError.decoratorOption(
          `relations.${table}.${relation}`,
          'belongsTo(), hasMany() or belongsToMany()',
          definition,
        )
  return Object.freeze(relations)
}
