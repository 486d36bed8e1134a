/**
 * A resource's query declaration, resolved once per class (and once per route narrowing): the
 * sortable names with their columns, the filters, the allowed include paths (with the model
 * properties each segment is read from) and counts, the page size and `strict`.
 */
import { ArgumentError } from '../errors/base'
import { DEFAULT_MAX_INCLUDE_DEPTH } from '../jsonapi/include-tree'
import { kindRules } from '../metadata/kinds'
import { resolveMembers } from '../metadata/resolve'
import type { ResourceThunk } from '../metadata/types'
import {
  FILTER_OPERATORS,
  FILTER_TYPES,
  isComputedFilter,
  type ComputedFilter,
  type FilterOperator,
  type FilterType,
  type QueryDeclaration,
  type QueryNarrowing,
  type SortableEntry,
} from './declaration'

/** A filter, resolved. */
export type ResolvedFilter =
  | {
      readonly kind: 'column'
      readonly name: string
      readonly type: FilterType
      readonly operators: readonly FilterOperator[]
      readonly column: string
      readonly values?: readonly string[]
      readonly description?: string
    }
  | {
      readonly kind: 'computed'
      readonly name: string
      readonly type: FilterType
      readonly values?: readonly string[]
      readonly where: ComputedFilter['where']
      readonly description?: string
    }

/** One allowed include path: its wire form and the model property of each segment. */
export interface ResolvedInclude {
  readonly path: string
  readonly relations: readonly string[]
}

/** A count a client may ask for by its output name (`comments_count`). */
export interface ResolvedCount {
  readonly name: string
  readonly relation: string
}

/** One sort entry: the wire name, the column, the direction. */
export interface SortEntry {
  readonly name: string
  readonly column: string
  readonly descending: boolean
}

/** A resource's declaration, resolved. */
export interface ResolvedQuery {
  readonly resource: Function
  readonly sortable: ReadonlyMap<string, string>
  readonly uniqueKey: { readonly name: string; readonly column: string }
  readonly defaultSort: readonly SortEntry[]
  readonly filters: ReadonlyMap<string, ResolvedFilter>
  readonly includes: ReadonlyMap<string, ResolvedInclude>
  readonly counts: ReadonlyMap<string, ResolvedCount>
  readonly perPage: { readonly default: number; readonly max?: number }
  /** As the declaration (or the route) says; `undefined`: the app's choice, else not strict. */
  readonly strict: boolean | undefined
}

/** The declaration of a resource class: its `static query`. */
function declarationOf(resource: Function): QueryDeclaration {
  const declared = (resource as { query?: unknown }).query
  if (declared === undefined) return {}
  if (typeof declared !== 'object' || declared === null)
    throw ArgumentError.decoratorOption(`${resource.name}.query`, 'a query declaration', declared)
  return declared as QueryDeclaration
}

const cache = new WeakMap<Function, ResolvedQuery>()

/** The resolved declaration of `resource`, narrowed by `narrowing` (cached when not narrowed). */
export function resolveQuery(resource: Function, narrowing?: QueryNarrowing): ResolvedQuery {
  if (narrowing === undefined) {
    let resolved = cache.get(resource)
    if (resolved === undefined) cache.set(resource, (resolved = build(resource)))
    return resolved
  }
  return narrow(resolveQuery(resource), narrowing)
}

function build(resource: Function): ResolvedQuery {
  const declaration = declarationOf(resource)
  const where = `${resource.name}.query`
  const sortable = new Map<string, string>()
  for (const entry of declaration.sort ?? []) {
    const { name, column } = sortEntryOf(entry as SortableEntry<unknown>, `${where}.sort`)
    sortable.set(name, column)
  }
  const uniqueKey = sortEntryOf(
    (declaration.uniqueKey ?? 'id') as SortableEntry<unknown>,
    `${where}.uniqueKey`,
  )
  const filters = new Map<string, ResolvedFilter>()
  for (const [name, filter] of Object.entries(declaration.filters ?? {}))
    filters.set(name, resolveFilter(name, filter, `${where}.filters.${name}`))
  const depth = declaration.maxIncludeDepth ?? classDepth(resource)
  const graph = declaration.include === undefined ? defaultIncludes(resource, depth) : undefined
  const includes = new Map<string, ResolvedInclude>()
  for (const include of graph ?? explicitIncludes(resource, declaration.include ?? []))
    includes.set(include.path, include)
  const counts = new Map<string, ResolvedCount>()
  for (const count of countsOf(resource)) {
    if (declaration.include === undefined || declaration.include.includes(count.name))
      counts.set(count.name, count)
  }
  for (const name of declaration.include ?? [])
    if (!includes.has(name) && !counts.has(name) && name.trim() === '')
      throw ArgumentError.decoratorOption(`${where}.include`, 'a non-empty dot path', name)
  const perPage = declaration.perPage ?? { default: 15 }
  checkPerPage(perPage.default, `${where}.perPage.default`)
  if (perPage.max !== undefined) checkPerPage(perPage.max, `${where}.perPage.max`)
  const resolved: ResolvedQuery = {
    resource,
    sortable,
    uniqueKey,
    defaultSort: [],
    filters,
    includes,
    counts,
    perPage: {
      default: perPage.default,
      ...(perPage.max === undefined ? {} : { max: perPage.max }),
    },
    strict: typeof declaration.strict === 'boolean' ? declaration.strict : undefined,
  }
  const defaultSort =
    declaration.defaultSort === undefined
      ? []
      : declaredSort(resolved, declaration.defaultSort, `${where}.defaultSort`)
  return { ...resolved, defaultSort }
}

function checkPerPage(value: unknown, name: string): void {
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    throw ArgumentError.decoratorOption(name, 'an integer >= 1', value)
}

function sortEntryOf(
  entry: SortableEntry<unknown>,
  name: string,
): { name: string; column: string } {
  if (typeof entry === 'string' && entry !== '') return { name: entry, column: entry }
  if (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.name === 'string' &&
    entry.name !== '' &&
    typeof entry.column === 'string' &&
    entry.column !== ''
  )
    return { name: entry.name, column: entry.column }
  throw ArgumentError.decoratorOption(name, 'a name, or { name, column }', entry)
}

function resolveFilter(name: string, filter: unknown, where: string): ResolvedFilter {
  if (typeof filter !== 'object' || filter === null)
    throw ArgumentError.decoratorOption(where, 'a filter declaration', filter)
  const f = filter as Record<string, unknown>
  if (!(FILTER_TYPES as readonly unknown[]).includes(f.type))
    throw ArgumentError.decoratorOption(`${where}.type`, FILTER_TYPES.join(', '), f.type)
  const type = f.type as FilterType
  const values = f.values as readonly string[] | undefined
  if (type === 'enum' && (!Array.isArray(values) || values.length === 0))
    throw ArgumentError.decoratorOption(`${where}.values`, 'a non-empty list of strings', values)
  const description = typeof f.description === 'string' ? { description: f.description } : {}
  const enumValues = values === undefined ? {} : { values: Object.freeze([...values]) }
  if (isComputedFilter(filter))
    return { kind: 'computed', name, type, where: filter.where, ...enumValues, ...description }
  const operators = f.operators
  if (
    !Array.isArray(operators) ||
    operators.length === 0 ||
    operators.some((op) => !(FILTER_OPERATORS as readonly unknown[]).includes(op))
  )
    throw ArgumentError.decoratorOption(
      `${where}.operators`,
      `a non-empty list of ${FILTER_OPERATORS.join(', ')}`,
      operators,
    )
  const textOnly = operators.find(
    (op) => (op === 'contains' || op === 'starts_with') && type !== 'string',
  )
  if (textOnly !== undefined)
    throw ArgumentError.decoratorOption(
      `${where}.operators`,
      'an operator of a string filter',
      textOnly,
    )
  const column = typeof f.column === 'string' && f.column !== '' ? f.column : name
  return {
    kind: 'column',
    name,
    type,
    operators: FILTER_OPERATORS.filter((op) => operators.includes(op)),
    column,
    ...enumValues,
    ...description,
  }
}

/** A sort in the wire form, checked against the sortable names (a programmer's default sort). */
function declaredSort(query: ResolvedQuery, text: string, where: string): SortEntry[] {
  const entries: SortEntry[] = []
  for (const raw of text.split(',')) {
    const descending = raw.startsWith('-')
    const name = descending ? raw.slice(1) : raw
    const column =
      query.sortable.get(name) ??
      (name === query.uniqueKey.name ? query.uniqueKey.column : undefined)
    if (column === undefined)
      throw ArgumentError.decoratorOption(
        where,
        `one of ${[...query.sortable.keys()].join(', ')}`,
        raw,
      )
    entries.push({ name, column, descending })
  }
  return entries
}

// -- relations of a resource class -----------------------------------------------------------------

interface Edge {
  readonly name: string
  readonly source: string
  readonly target?: Function
}

/** The class's `maxIncludeDepth` (JSON:API resources: 5), else the same default, 5. */
function classDepth(resource: Function): number {
  const depth = (resource as { maxIncludeDepth?: unknown }).maxIncludeDepth
  return typeof depth === 'number' && Number.isSafeInteger(depth) && depth >= 0
    ? depth
    : DEFAULT_MAX_INCLUDE_DEPTH
}

/** The relations a resource class declares: `@WhenLoaded`, `@Relationship`, `static relationships`. */
function edgesOf(resource: Function): Edge[] {
  const edges = new Map<string, Edge>()
  let members
  try {
    members = resolveMembers(resource)
  } catch {
    return []
  }
  const add = (name: string, source: string, thunk: unknown): void => {
    if (edges.has(name)) return
    let target: Function | undefined
    try {
      const value = typeof thunk === 'function' ? (thunk as ResourceThunk)() : undefined
      if (typeof value === 'function') target = value
    } catch {
      target = undefined
    }
    edges.set(name, { name, source, ...(target === undefined ? {} : { target }) })
  }
  for (const member of members.relationships) add(member.key, member.source, member.resource)
  for (const member of members.fields)
    // a member that reads a loaded relation (its kind's rules say so) is an include edge
    if (kindRules(member.kind).read === 'relation') add(member.key, member.source, member.resource)
  const map = (resource as { relationships?: unknown }).relationships
  if (typeof map === 'object' && map !== null)
    for (const [name, thunk] of Object.entries(map)) add(name, name, thunk)
  return [...edges.values()]
}

/** The most default include paths a class allows (a graph with cycles grows fast with depth). */
const MAX_DEFAULT_PATHS = 1000

/**
 * Every path of the declared relations to `depth`, breadth first: when a wide graph reaches
 * {@link MAX_DEFAULT_PATHS}, the shallow paths are the ones kept.
 */
function defaultIncludes(resource: Function, depth: number): ResolvedInclude[] {
  const out: ResolvedInclude[] = []
  let level: { cls: Function; path: string; relations: string[] }[] = [
    { cls: resource, path: '', relations: [] },
  ]
  for (let d = 0; d < depth && level.length > 0; d++) {
    const next: typeof level = []
    for (const node of level)
      for (const edge of edgesOf(node.cls)) {
        if (out.length >= MAX_DEFAULT_PATHS) return out
        const path = node.path === '' ? edge.name : `${node.path}.${edge.name}`
        const relations = [...node.relations, edge.source]
        out.push({ path, relations })
        if (edge.target !== undefined) next.push({ cls: edge.target, path, relations })
      }
    level = next
  }
  return out
}

/** Declared paths, each segment mapped to its model property where the classes say (else itself). */
function explicitIncludes(resource: Function, paths: readonly string[]): ResolvedInclude[] {
  const out = new Map<string, ResolvedInclude>()
  const counts = new Set(countsOf(resource).map((count) => count.name))
  for (const path of paths) {
    if (counts.has(path)) continue
    const segments = path.split('.')
    let cls: Function | undefined = resource
    const relations: string[] = []
    for (let i = 0; i < segments.length; i++) {
      const edge: Edge | undefined =
        cls === undefined ? undefined : edgesOf(cls).find((e) => e.name === segments[i])
      relations.push(edge?.source ?? segments[i])
      cls = edge?.target
      const prefix = segments.slice(0, i + 1).join('.')
      if (!out.has(prefix)) out.set(prefix, { path: prefix, relations: [...relations] })
    }
  }
  return [...out.values()]
}

function countsOf(resource: Function): ResolvedCount[] {
  try {
    return resolveMembers(resource)
      .fields.filter((member) => kindRules(member.kind).read === 'count')
      .map((member) => ({ name: member.key, relation: member.source }))
  } catch {
    return []
  }
}

// -- narrowing ---------------------------------------------------------------------------------------

/** The dot paths `paths` and every prefix of each (`a.b.c`: `a`, `a.b`, `a.b.c`), once each. */
function withPrefixes(paths: readonly string[]): string[] {
  const out = new Set<string>()
  for (const path of paths) {
    const segments = path.split('.')
    for (let i = 1; i <= segments.length; i++) out.add(segments.slice(0, i).join('.'))
  }
  return [...out]
}

function narrow(query: ResolvedQuery, narrowing: QueryNarrowing): ResolvedQuery {
  const where = `${query.resource.name}: the route's narrowing`
  const subset = <V>(
    map: ReadonlyMap<string, V>,
    names: readonly string[] | undefined,
    what: string,
  ) => {
    if (names === undefined) return map
    const out = new Map<string, V>()
    for (const name of names) {
      const value = map.get(name)
      if (value === undefined)
        throw ArgumentError.decoratorOption(
          `${where} ${what}`,
          `one of ${[...map.keys()].join(', ')}`,
          name,
        )
      out.set(name, value)
    }
    return out
  }
  const includeNames = narrowing.include
  const includes =
    includeNames === undefined
      ? query.includes
      : subset(
          query.includes,
          // a.b allows a too, as a declaration's own list does: loading a.b needs a
          withPrefixes(includeNames.filter((name) => !query.counts.has(name))),
          'include',
        )
  const counts =
    includeNames === undefined
      ? query.counts
      : subset(
          query.counts,
          includeNames.filter((name) => query.counts.has(name)),
          'include',
        )
  const perPage = { ...query.perPage, ...narrowing.perPage }
  if (query.perPage.max !== undefined && perPage.max !== undefined)
    perPage.max = Math.min(perPage.max, query.perPage.max)
  checkPerPage(perPage.default, `${where} perPage.default`)
  if (perPage.max !== undefined) checkPerPage(perPage.max, `${where} perPage.max`)
  const narrowed: ResolvedQuery = {
    ...query,
    sortable: subset(query.sortable, narrowing.sort, 'sort'),
    filters: subset(query.filters, narrowing.filters, 'filters'),
    includes,
    counts,
    perPage,
    strict: narrowing.strict ?? query.strict,
  }
  return narrowing.defaultSort === undefined
    ? narrowed
    : {
        ...narrowed,
        defaultSort: declaredSort(narrowed, narrowing.defaultSort, `${where} defaultSort`),
      }
}
