/**
 * What a client may ask of a resource (`include`, `sort`, `filter[...]`, `per_page`), declared once
 * on the resource class as `static query = defineQuery<Model>()({ ... })`, and narrowed per route.
 * Names on the wire are output names; `column` maps one to the column the database orders or
 * filters by. Every type here is plain data: the Knex and Kysely adapters turn a checked plan into
 * SQL, and the OpenAPI builder describes the same declaration.
 */

/** The operators a filter may allow, as they appear in `filter[<name>][<op>]`. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'contains',
  'starts_with',
  'null',
] as const

/** One filter operator. */
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** The value types a filter converts its values to before they reach SQL. */
export const FILTER_TYPES = ['integer', 'number', 'boolean', 'date-time', 'string', 'enum'] as const

/** One filter value type. */
export type FilterType = (typeof FILTER_TYPES)[number]

/** A converted filter value: what is bound as a parameter. */
export type FilterValue = string | number | boolean | Date

/** A column of the model `M`, optionally qualified by its table (`posts.title`). */
type ColumnOf<M> = [M] extends [never]
  ? string
  : string extends keyof M
    ? string
    : (keyof M & string) | `${string}.${keyof M & string}`

/**
 * A condition on the app's query, dialect-neutral, with values that are always bound: a comparison
 * of a column with a converted value, `IS [NOT] NULL`, or `all`/`any` of other conditions.
 */
export type QueryCondition =
  | {
      readonly column: string
      readonly op: Exclude<FilterOperator, 'null' | 'in'>
      readonly value: FilterValue
    }
  | { readonly column: string; readonly op: 'in'; readonly value: readonly FilterValue[] }
  | { readonly column: string; readonly op: 'null'; readonly value: boolean }
  | { readonly all: readonly QueryCondition[] }
  | { readonly any: readonly QueryCondition[] }

/** A filter on a column: `filter[<name>]=v` (eq) and `filter[<name>][<op>]=v`. */
export interface ColumnFilter<M> {
  /** The type its values are converted to. */
  readonly type: FilterType
  /** The operators a client may use (`eq` also allows the bare `filter[<name>]=v` form). */
  readonly operators: readonly FilterOperator[]
  /** The column compared; default: the filter's name. */
  readonly column?: ColumnOf<M>
  /** The allowed values of an `enum` filter. */
  readonly values?: readonly string[]
  /** Documentation for OpenAPI. */
  readonly description?: string
}

/**
 * A computed filter: a named condition the app writes (`filter[published]=true`), given the
 * converted value; only the bare `filter[<name>]=v` form.
 */
export interface ComputedFilter {
  readonly type: FilterType
  readonly values?: readonly string[]
  readonly where: (value: FilterValue) => QueryCondition
  readonly description?: string
}

/** A sortable attribute: its output name, or the name with the column it orders by. */
export type SortableEntry<M> =
  (keyof M & string) | { readonly name: string; readonly column: ColumnOf<M> }

/** A filter declaration: on a column, or computed. */
type FilterDeclaration<M> = ColumnFilter<M> | ComputedFilter

/** Filters by name: a name that is not a model member must give its `column` (or be computed). */
type FiltersOf<M, F> = {
  readonly [K in keyof F]: K extends keyof M
    ? FilterDeclaration<M>
    : ComputedFilter | (ColumnFilter<M> & { readonly column: ColumnOf<M> })
}

/** The page size a client may choose. */
export interface PerPageDeclaration {
  /** The page size when `per_page` is absent or not a positive integer. */
  readonly default: number
  /** The largest `per_page` a client may ask for (larger ones are clamped); absent: clients may not choose. */
  readonly max?: number
}

/** What a client may ask of a resource. */
export interface QueryDeclaration<M = unknown, F = Record<string, unknown>> {
  /** Sortable attributes, by output name (`column` maps a name to another column). */
  readonly sort?: readonly SortableEntry<M>[]
  /** The order when `sort` is absent, in the wire form (`-published_at`, `title,-id`). */
  readonly defaultSort?: string
  /**
   * The unique key that ends every order (appended when the order does not end with it), by
   * output name or with its column; default `id`.
   */
  readonly uniqueKey?: SortableEntry<M>
  /** Filters by name. */
  readonly filters?: FiltersOf<M, F>
  /**
   * Include paths a client may ask for (dot paths). Default: the resource's declared relations,
   * to `maxIncludeDepth`. Counts (`whenCounted` members) are asked for by their output name
   * (`comments_count`) and are allowed by default too.
   */
  readonly include?: readonly string[]
  /** Depth of the default include paths; default the class's `maxIncludeDepth`, else 5. */
  readonly maxIncludeDepth?: number
  /** The page size; default 15, clients may not choose. */
  readonly perPage?: PerPageDeclaration
  /** An unknown or disallowed include path is a 400 (JSON:API's MUST); default: ignored. */
  readonly strict?: boolean
}

/**
 * Declares what a client may ask of a resource whose rows are `M`; typed, so a sort or filter
 * naming a member `M` does not have is a type error (a renamed one gives its `column`).
 *
 * @example
 * class PostResource extends JsonResource<Post> {
 *   static query = defineQuery<Post>()({
 *     sort: ['title', 'published_at', 'id'],
 *     defaultSort: '-published_at',
 *     filters: { author: { column: 'user_id', type: 'integer', operators: ['eq', 'in'] } },
 *     perPage: { default: 15, max: 50 },
 *   })
 * }
 */
export function defineQuery<M>(): <F extends Record<string, unknown> = Record<string, never>>(
  declaration: QueryDeclaration<M, F> & { readonly filters?: FiltersOf<M, F> },
) => QueryDeclaration<M, F> {
  return (declaration) => Object.freeze({ ...declaration })
}

/** What a route narrows a resource's declaration to (every list a subset of the resource's). */
export interface QueryNarrowing {
  readonly sort?: readonly string[]
  readonly defaultSort?: string
  readonly filters?: readonly string[]
  readonly include?: readonly string[]
  readonly perPage?: Partial<PerPageDeclaration>
  readonly strict?: boolean
}

/** Is `filter` a computed filter? */
export function isComputedFilter(filter: unknown): filter is ComputedFilter {
  return typeof (filter as { where?: unknown }).where === 'function'
}
