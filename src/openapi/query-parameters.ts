/**
 * The OpenAPI parameters of a route's query declaration: `include` and `sort` (comma lists of
 * their allowed values), one `filter[...]` parameter per allowed filter and operator with its value
 * schema, and `per_page`.
 */
import type { QueryNarrowing } from '../query/declaration'
import { resolveQuery, type ResolvedFilter } from '../query/resolve'
import type { SchemaObject } from '../schema/resource-schemas'

/** A route's query: the resource whose declaration it reads, narrowed as the route narrows it. */
export type RouteQuery = Function | ({ readonly resource: Function } & QueryNarrowing)

/** The parameters of `query`, in wire order (`strict`: the app's strict includes). */
export function queryParameters(query: RouteQuery, strict = false): SchemaObject[] {
  const { resource, ...narrowing } =
    typeof query === 'function' ? { resource: query } : (query as { resource: Function })
  const resolved = resolveQuery(
    resource,
    Object.keys(narrowing).length === 0 ? undefined : (narrowing as QueryNarrowing),
  )
  const out: SchemaObject[] = []
  const includes = [...resolved.includes.keys(), ...resolved.counts.keys()]
  if (includes.length > 0)
    out.push(
      list(
        'include',
        includes,
        (resolved.strict ?? strict)
          ? 'Relationships (and counts) to load and include; an unknown path is a 400.'
          : 'Relationships (and counts) to load and include; unknown paths are ignored.',
      ),
    )
  const sortable = [...resolved.sortable.keys()]
  if (sortable.length > 0) {
    const fallback = resolved.defaultSort
      .map((e) => (e.descending ? `-${e.name}` : e.name))
      .join(',')
    out.push(
      list(
        'sort',
        sortable.flatMap((name) => [name, `-${name}`]),
        `The order: sortable attributes, "-" for descending${fallback === '' ? '' : `; default ${fallback}`}. ` +
          `The rows are always ordered by ${resolved.uniqueKey.name} last.`,
      ),
    )
  }
  for (const filter of resolved.filters.values()) out.push(...filterParameters(filter))
  const { max } = resolved.perPage
  if (max !== undefined)
    out.push({
      name: 'per_page',
      in: 'query',
      description: `The page size (at most ${max}; larger values are clamped).`,
      schema: { type: 'integer', minimum: 1, maximum: max, default: resolved.perPage.default },
    })
  return out
}

function list(name: string, values: readonly string[], description: string): SchemaObject {
  return {
    name,
    in: 'query',
    description,
    style: 'form',
    explode: false,
    schema: { type: 'array', items: { type: 'string', enum: [...values] } },
  }
}

function valueSchema(filter: ResolvedFilter): SchemaObject {
  switch (filter.type) {
    case 'integer':
      return { type: 'integer' }
    case 'number':
      return { type: 'number' }
    case 'boolean':
      return { type: 'boolean' }
    case 'date-time':
      // the server reads a date alone too (`2024-05-01`, midnight UTC)
      return {
        anyOf: [
          { type: 'string', format: 'date-time' },
          { type: 'string', format: 'date' },
        ],
      }
    case 'string':
      return { type: 'string', minLength: 1 }
    case 'enum':
      return { type: 'string', enum: [...(filter.values ?? [])] }
  }
}

function filterParameters(filter: ResolvedFilter): SchemaObject[] {
  const value = valueSchema(filter)
  const described = filter.description === undefined ? {} : { description: filter.description }
  if (filter.kind === 'computed')
    return [{ name: `filter[${filter.name}]`, in: 'query', ...described, schema: value }]
  return filter.operators.map((op) => {
    const name = op === 'eq' ? `filter[${filter.name}]` : `filter[${filter.name}][${op}]`
    if (op === 'null')
      return {
        name,
        in: 'query',
        description: 'true: IS NULL; false: IS NOT NULL.',
        schema: { type: 'boolean' },
      }
    // equality takes a comma list (any of the values), as `in` does, whatever the type
    if (op === 'in' || op === 'eq')
      return {
        name,
        in: 'query',
        ...described,
        style: 'form',
        explode: false,
        // an empty list (`filter[x][in]=`) is a 400, as an empty value is
        schema: { type: 'array', items: value, minItems: 1, maxItems: 100 },
      }
    return { name, in: 'query', ...described, schema: value }
  })
}
