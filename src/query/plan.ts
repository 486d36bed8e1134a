/**
 * One parse, one check, one plan: the query parameters of the current request (read from the raw
 * query string, whatever the framework's query parser) checked against a resource's declaration,
 * giving the includes to load, the order, the conditions and the page size, or a
 * `QueryParameterError` (400) naming every parameter that was wrong and what is allowed.
 */
import { tryGetRequestContext } from '../context/request-context'
import { parseQueryPairs, undecodedValues, type QueryPair } from '../context/parse-query'
import { ArgumentError, QueryParameterError } from '../errors/base'
import { isResolvableClass } from '../runtime/protocol'
import {
  FILTER_OPERATORS,
  type FilterOperator,
  type FilterValue,
  type QueryCondition,
  type QueryNarrowing,
} from './declaration'
import { markPlan } from './apply'
import {
  resolveQuery,
  type ResolvedCount,
  type ResolvedFilter,
  type ResolvedInclude,
  type ResolvedQuery,
  type SortEntry,
} from './resolve'
import type { CursorSecret } from '../pagination/cursor'
import { utf8Bytes } from '../pagination/signing'

/** The checked request: what to load, how to order, which rows, how many. */
export interface QueryPlan {
  /** The resource class the plan was checked against. */
  readonly resource: Function
  /** The include paths to load, each with the model property of every segment. */
  readonly include: readonly ResolvedInclude[]
  /** The counts to load (`comments_count` from relation `comments`). */
  readonly counts: readonly ResolvedCount[]
  /** The ORDER BY, ending with the unique key. */
  readonly order: readonly SortEntry[]
  /** Conditions, all of which must hold (values converted, to be bound). */
  readonly where: readonly QueryCondition[]
  /** The page size. */
  readonly perPage: number
  /** The accepted parameters in their normal form, for page links. */
  readonly parameters: Readonly<Record<string, string>>
  /** The order in its normal form (`-published_at,-id`): what a cursor is bound to. */
  readonly orderKey: string
}

/** Options of {@link queryPlan}: a route's narrowing, and the query to read outside a request. */
export interface QueryPlanOptions extends QueryNarrowing {
  /** A raw query string (without `?`) to read instead of the current request's. */
  readonly query?: string
}

/** More than this many messages are not collected (a hostile query cannot make the answer grow). */
const MAX_MESSAGES = 20
/** The longest list a filter value may hold. */
const MAX_LIST = 100
/** How much of a client's text a message quotes. */
const MAX_QUOTE = 40
/** The most include paths a request may name. */
const MAX_INCLUDES = 50

const FILTER_KEY = /^filter\[([^[\]]*)\](?:\[([^[\]]*)\])?$/

/**
 * The plan of the current request for `resource` (its `static query` declaration, narrowed by
 * `options`), or a `QueryParameterError` (400) naming what was wrong and what is allowed.
 *
 * @example
 * app.get('/posts', async (req, res) => {
 *   const plan = queryPlan(PostResource)
 *   res.json(PostResource.collection(await paginate(db('posts'), plan, { relations })))
 * })
 */
export function queryPlan(resource: Function, options: QueryPlanOptions = {}): QueryPlan {
  if (!isResolvableClass(resource)) throw ArgumentError.resourceClass(resource)
  if (typeof options !== 'object' || options === null)
    throw ArgumentError.badArgument('options', 'an object', options)
  const { query, ...narrowing } = options
  if (query !== undefined && typeof query !== 'string')
    throw ArgumentError.badArgument('query', "a query string, such as 'sort=-id&page=2'", query)
  const narrowed = Object.keys(narrowing).length === 0 ? undefined : narrowing
  const resolved = resolveQuery(resource, narrowed)
  const current = tryGetRequestContext()
  const context = query === undefined ? current : undefined
  const pairs = context !== undefined ? context.queryPairs : parseQueryPairs(query ?? '')
  // the declaration's (or the route's) strict, else the app's (its integration's `strict` option)
  const strict = resolved.strict ?? current?.strict === true
  return planOf({ ...resolved, strict }, pairs, undecodedValues(context?.rawQuery ?? query ?? ''))
}

class Problems {
  readonly errors: Record<string, string[]> = {}
  count = 0
  add(parameter: string, message: string): void {
    if (this.count >= MAX_MESSAGES) return
    const messages = (this.errors[quoteKey(parameter)] ??= [])
    // a repeated parameter (`filter[x]=1&filter[x][eq]=1`) says each problem once
    if (messages.includes(message)) return
    this.count++
    messages.push(message)
  }
}

/**
 * Checks `pairs` against `query`. A sort or filter whose value does not decode (`undecoded`) is
 * refused, never read as absent (that would answer a page the client did not ask for).
 */
function planOf(
  query: ResolvedQuery,
  pairs: readonly QueryPair[],
  undecoded: readonly QueryPair[],
): QueryPlan {
  const problems = new Problems()
  for (const { key, value } of undecoded)
    if (key === 'sort' || isFilterKey(key) || (key === 'include' && query.strict))
      problems.add(key, `${key} must be valid percent-encoding; got ${quote(value)}.`)
  const sortValues: string[] = []
  const includeValues: string[] = []
  const perPageValues: string[] = []
  const filterPairs: QueryPair[] = []
  const fields: QueryPair[] = []
  for (const pair of pairs) {
    const { key } = pair
    if (key === 'sort') sortValues.push(pair.value)
    else if (key === 'include') includeValues.push(pair.value)
    else if (key === 'per_page') perPageValues.push(pair.value)
    else if (isFilterKey(key)) filterPairs.push(pair)
    else if (key.startsWith('fields[')) fields.push(pair)
    else if (key.startsWith('sort['))
      problems.add('sort', `sort must be one comma-separated list, not ${quote(key)}.`)
    else if (key.startsWith('include[') && query.strict)
      problems.add('include', `include must be one comma-separated list, not ${quote(key)}.`)
  }
  const parameters: Record<string, string> = {}
  const { include, counts } = checkIncludes(query, includeValues, problems)
  if (include.length + counts.length > 0)
    parameters.include = [...leafPaths(include.map((i) => i.path)), ...counts.map((c) => c.name)]
      .sort()
      .join(',')
  const order = checkSort(query, sortValues, problems, parameters)
  const where = checkFilters(query, filterPairs, problems, parameters)
  const perPage = checkPerPage(query, perPageValues, parameters)
  for (const [key, value] of normalFields(fields)) parameters[key] = value
  if (problems.count > 0) throw new QueryParameterError(problems.errors)
  return markPlan({
    resource: query.resource,
    include: Object.freeze(include),
    counts: Object.freeze(counts),
    order: Object.freeze(order),
    where: Object.freeze(where),
    perPage,
    parameters: Object.freeze(parameters),
    orderKey: order.map((entry) => (entry.descending ? `-${entry.name}` : entry.name)).join(','),
  })
}

/** `filter` or `filter[...]`: a parameter the filters read (`filters`, `filterBy` are others). */
function isFilterKey(key: string): boolean {
  return key === 'filter' || key.startsWith('filter[')
}

// -- include -----------------------------------------------------------------------------------------

function checkIncludes(
  query: ResolvedQuery,
  values: readonly string[],
  problems: Problems,
): { include: ResolvedInclude[]; counts: ResolvedCount[] } {
  const include = new Map<string, ResolvedInclude>()
  const counts = new Map<string, ResolvedCount>()
  const unknown: string[] = []
  // a strict resource checks every entry (each path once) and refuses more than MAX_INCLUDES
  // paths; another reads the first MAX_INCLUDES * 4 entries, trimmed
  const seen = new Set<string>()
  let entries = 0
  for (const value of values) {
    for (const raw of value.split(',')) {
      const path = query.strict ? raw : raw.trim()
      if (path === '' || (!query.strict && ++entries > MAX_INCLUDES * 4) || seen.has(path)) continue
      seen.add(path)
      if (query.strict && seen.size > MAX_INCLUDES) continue // refused below
      const count = query.counts.get(path)
      if (count !== undefined) {
        counts.set(path, count)
        continue
      }
      if (!query.includes.has(path)) unknown.push(path)
      // a.b.c loads a and a.b too; a path that is not allowed stops at its last allowed prefix
      // (an unknown or too deep segment is ignored, the relations before it are not)
      const segments = path.split('.')
      for (let i = 1; i <= segments.length; i++) {
        const step = query.includes.get(segments.slice(0, i).join('.'))
        if (step === undefined) break
        include.set(step.path, step)
      }
    }
  }
  if (query.strict && unknown.length > 0) {
    const allowed = [...query.includes.keys(), ...query.counts.keys()]
    for (const path of unknown.slice(0, 3))
      problems.add('include', `${quote(path)} cannot be included; allowed: ${listOf(allowed)}.`)
  }
  if (query.strict && seen.size > MAX_INCLUDES)
    problems.add('include', `at most ${MAX_INCLUDES} include paths may be asked for.`)
  // only the leaves go to the links; loading needs every prefix, in path order
  return {
    include: [...include.values()].sort((a, b) => a.relations.length - b.relations.length),
    counts: [...counts.values()],
  }
}

/** The paths no other path extends (`comments.author` stands for `comments` too). */
function leafPaths(paths: readonly string[]): string[] {
  return paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)))
}

// -- sort --------------------------------------------------------------------------------------------

function checkSort(
  query: ResolvedQuery,
  values: readonly string[],
  problems: Problems,
  parameters: Record<string, string>,
): SortEntry[] {
  const allowed = (): string => listOf([...query.sortable.keys()])
  if (values.length > 1) {
    problems.add(
      'sort',
      `sort must be given once, as one comma-separated list; sortable: ${allowed()}.`,
    )
    return []
  }
  let entries: SortEntry[]
  if (values.length === 0) entries = [...query.defaultSort]
  else {
    entries = []
    const names = new Set<string>()
    let bad = false
    for (const raw of values[0].split(',')) {
      const descending = raw.startsWith('-')
      const name = descending ? raw.slice(1) : raw
      if (name === '') {
        problems.add('sort', `sort has an empty entry; sortable: ${allowed()}.`)
        bad = true
        continue
      }
      const column = query.sortable.get(name)
      if (column === undefined) {
        problems.add('sort', `${quote(name)} is not sortable; sortable: ${allowed()}.`)
        bad = true
        continue
      }
      if (names.has(name)) {
        problems.add('sort', `${quote(name)} is given more than once.`)
        bad = true
        continue
      }
      names.add(name)
      entries.push({ name, column, descending })
    }
    if (bad) return []
    parameters.sort = entries.map((e) => (e.descending ? `-${e.name}` : e.name)).join(',')
  }
  // the unique key ends the order, unless it is in it already (then the order is total there)
  const last = entries[entries.length - 1]
  const key = query.uniqueKey
  if (!entries.some((entry) => entry.name === key.name || entry.column === key.column))
    entries.push({ name: key.name, column: key.column, descending: last?.descending ?? false })
  return entries
}

// -- filter ------------------------------------------------------------------------------------------

function checkFilters(
  query: ResolvedQuery,
  pairs: readonly QueryPair[],
  problems: Problems,
  parameters: Record<string, string>,
): QueryCondition[] {
  const accepted = new Map<string, Map<FilterOperator, { values: FilterValue[]; text: string }>>()
  const filterNames = (): string => listOf([...query.filters.keys()])
  for (const { key, value } of pairs) {
    const match = FILTER_KEY.exec(key)
    if (match === null) {
      problems.add(
        key,
        `${quote(key)} is not a filter; use filter[<name>] or filter[<name>][<operator>] with one of ${filterNames()}.`,
      )
      continue
    }
    const name = match[1]
    const filter = query.filters.get(name)
    const parameter = `filter[${name}]`
    if (filter === undefined) {
      problems.add(parameter, `${quote(name)} is not a filter; filters: ${filterNames()}.`)
      continue
    }
    const opText = match[2]
    const operators: readonly FilterOperator[] =
      filter.kind === 'computed' ? ['eq'] : filter.operators
    const op = (opText ?? 'eq') as FilterOperator
    const opParameter = opText === undefined ? parameter : `${parameter}[${opText}]`
    if (!(FILTER_OPERATORS as readonly string[]).includes(op) || !operators.includes(op)) {
      problems.add(
        opParameter,
        opText === undefined
          ? `filter[${name}] needs an operator: filter[${name}][<operator>] with one of ${listOf(operators)}.`
          : `${quote(opText)} is not an operator of filter[${name}]; operators: ${listOf(operators)}.`,
      )
      continue
    }
    let byOp = accepted.get(name)
    if (byOp === undefined) accepted.set(name, (byOp = new Map()))
    if (byOp.has(op)) {
      problems.add(opParameter, `${opParameter} is given more than once.`)
      continue
    }
    const converted = convertValues(filter, op, value, opParameter, problems)
    if (converted !== undefined) byOp.set(op, converted)
  }
  const conditions: QueryCondition[] = []
  for (const [name, filter] of query.filters) {
    const byOp = accepted.get(name)
    if (byOp === undefined) continue
    for (const op of FILTER_OPERATORS) {
      const found = byOp.get(op)
      if (found === undefined) continue
      parameters[op === 'eq' ? `filter[${name}]` : `filter[${name}][${op}]`] = found.text
      conditions.push(conditionOf(filter, op, found.values))
    }
  }
  return conditions
}

function conditionOf(
  filter: ResolvedFilter,
  op: FilterOperator,
  values: FilterValue[],
): QueryCondition {
  if (filter.kind === 'computed') return filter.where(values[0])
  const column = filter.column
  if (op === 'null') return { column, op, value: values[0] === true }
  if (op === 'in' || (op === 'eq' && values.length > 1)) return { column, op: 'in', value: values }
  return { column, op, value: values[0] } as QueryCondition
}

function convertValues(
  filter: ResolvedFilter,
  op: FilterOperator,
  text: string,
  parameter: string,
  problems: Problems,
): { values: FilterValue[]; text: string } | undefined {
  if (op === 'null') {
    const value = booleanOf(text)
    if (value === undefined) {
      problems.add(parameter, `${parameter} must be true or false; got ${quote(text)}.`)
      return undefined
    }
    return { values: [value], text: String(value) }
  }
  const list = op === 'in' || (op === 'eq' && filter.kind === 'column')
  const raw = list ? text.split(',') : [text]
  if (raw.length > MAX_LIST) {
    problems.add(parameter, `${parameter} may list at most ${MAX_LIST} values.`)
    return undefined
  }
  const values: FilterValue[] = []
  for (const item of raw) {
    const value = convert(filter, item)
    if (value === undefined) {
      problems.add(
        parameter,
        `${parameter} must be ${describeType(filter, item)}; got ${quote(item)}.`,
      )
      return undefined
    }
    values.push(value)
  }
  return { values, text: values.map(textOf).join(',') }
}

function textOf(value: FilterValue): string {
  return value instanceof Date ? value.toISOString() : String(value)
}

function describeType(filter: ResolvedFilter, text: string): string {
  switch (filter.type) {
    case 'integer':
      // digits that are too many: say the range (a number holds integers exactly up to 2^53 - 1)
      return /^-?[0-9]+$/.test(text)
        ? `an integer from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`
        : 'an integer'
    case 'number':
      // a number that a double would round: say how many digits it holds
      return NUMBER.test(text) && text.length <= MAX_NUMBER_TEXT
        ? 'a number that a JavaScript number holds exactly (15 significant digits always are)'
        : 'a number'
    case 'boolean':
      return 'true or false'
    case 'date-time':
      return 'a date or date-time (RFC 3339, e.g. 2024-05-01 or 2024-05-01T10:00:00Z) in the years 0000 to 9999 (UTC)'
    case 'string':
      return `a non-empty string of at most ${MAX_FILTER_TEXT} characters, without U+0000`
    case 'enum':
      return `one of ${listOf(filter.values ?? [])}`
  }
}

/** The longest string filter value, in UTF-16 code units. @internal */
export const MAX_FILTER_TEXT = 1000

const INTEGER = /^-?[0-9]{1,16}$/
// a decimal number of any precision (a double's shortest text has up to 17 significant digits),
// within the length of the longest finite double written out in full
const NUMBER = /^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,4})?$/
const MAX_NUMBER_TEXT = 400
// RFC 3339 (`T` and `Z` in either case, a fraction of up to nanoseconds), or a space for `T`
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(\.[0-9]{1,9})?)?([Zz]|[+-][0-9]{2}:[0-9]{2})?)?$/

/**
 * The decimal value of a number's text (`-1.50e2`), written one way (`-15e1`): the same for two
 * texts of the same value, whatever their zeros, point and exponent (`0` for any zero).
 */
function decimalOf(text: string): string {
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e')
  const negative = mantissa.startsWith('-')
  const [whole, fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.')
  const digits = (whole + fraction).replace(/^0+/, '')
  const significant = digits.replace(/0+$/, '')
  if (significant === '') return '0'
  const scale = Number(exponent) - fraction.length + (digits.length - significant.length)
  return `${negative ? '-' : ''}${significant}e${scale}`
}

function booleanOf(text: string): boolean | undefined {
  if (text === 'true' || text === '1') return true
  if (text === 'false' || text === '0') return false
  return undefined
}

function convert(filter: ResolvedFilter, text: string): FilterValue | undefined {
  switch (filter.type) {
    case 'integer': {
      if (!INTEGER.test(text)) return undefined
      const value = Number(text)
      return Number.isSafeInteger(value) ? value : undefined
    }
    case 'number': {
      if (text.length > MAX_NUMBER_TEXT || !NUMBER.test(text)) return undefined
      const value = Number(text)
      // a value a double rounds (`12345678901234.123456`, `9007199254740993`, `1e-400`) would
      // compare as another number, and select other rows than asked, without a word
      return Number.isFinite(value) && decimalOf(String(value)) === decimalOf(text)
        ? value
        : undefined
    }
    case 'boolean':
      return booleanOf(text)
    case 'date-time':
      return dateTimeOf(text)
    case 'string':
      // no U+0000: PostgreSQL's text cannot hold it, and SQLite's LIKE ends its pattern there
      return text === '' || text.includes('\u0000') || !withinLength(text, MAX_FILTER_TEXT)
        ? undefined
        : text
    case 'enum':
      return filter.values?.includes(text) === true ? text : undefined
  }
}

/**
 * Is `text` at most `max` characters long, counted as JSON Schema's `maxLength` counts them (code
 * points: an emoji is one, not its two UTF-16 units)?
 */
function withinLength(text: string, max: number): boolean {
  if (text.length <= max) return true
  if (text.length > 2 * max) return false
  let count = 0
  for (const _ of text) if (++count > max) return false
  return true
}

function dateTimeOf(text: string): Date | undefined {
  const m = DATE_TIME.exec(text)
  if (m === null) return undefined
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return undefined
  // a Date holds milliseconds: digits past the third are dropped
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}${zone.toUpperCase()}`
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return undefined
  // 2024-02-30 is not a date, whatever the offset (Date would roll it over to March)
  if (Number(d) > new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate()) return undefined
  // an offset may carry the instant out of the years 0000-9999, which neither an ISO 8601 link
  // (`+010000-01-01T...`) nor the databases' date types write or compare as the same instant
  const time = date.getTime()
  return time < FIRST_INSTANT || time > LAST_INSTANT ? undefined : date
}

const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z')
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z')

// -- per_page, fields --------------------------------------------------------------------------------

function checkPerPage(
  query: ResolvedQuery,
  values: readonly string[],
  parameters: Record<string, string>,
): number {
  const { max } = query.perPage
  // any string of digits is a whole number; one above the maximum (however long) is the maximum
  if (max === undefined || values.length !== 1 || !/^[0-9]+$/.test(values[0]))
    return Math.min(query.perPage.default, max ?? Infinity)
  const value = Number(values[0])
  if (value < 1) return Math.min(query.perPage.default, max)
  const perPage = Math.min(value, max)
  parameters.per_page = String(perPage)
  return perPage
}

function normalFields(pairs: readonly QueryPair[]): [string, string][] {
  const types = new Map<string, Set<string>>()
  for (const { key, value } of pairs) {
    const match = /^fields\[([^[\]]+)\]$/.exec(key)
    if (match === null) continue
    let names = types.get(match[1])
    if (names === undefined) types.set(match[1], (names = new Set()))
    for (const raw of value.split(',')) if (raw.trim() !== '') names.add(raw.trim())
  }
  return [...types.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, names]) => [`fields[${type}]`, [...names].sort().join(',')])
}

// -- messages ----------------------------------------------------------------------------------------

/** A client's text in a message: JSON-quoted, cut to a bounded length. */
function quote(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}...` : text)
}

function quoteKey(text: string): string {
  return text.length > MAX_QUOTE * 2 ? `${text.slice(0, MAX_QUOTE * 2)}...` : text
}

function listOf(names: readonly string[]): string {
  if (names.length === 0) return '(none)'
  const shown = names.slice(0, 30).join(', ')
  return names.length > 30 ? `${shown}, ...` : shown
}

/**
 * The signing key of a plan's cursors: the app's own secret (if any) joined with the plan's order
 * in its normal form, so that a cursor made for one `sort` fails its signature check under
 * another (an `InvalidCursorError`, a 400 naming `cursor`).
 */
export function cursorSecretOf(plan: QueryPlan, secret?: CursorSecret): CursorSecret {
  const bound = `\u0000api-resources order:${plan.orderKey}`
  if (secret === undefined) return bound
  if (typeof secret === 'string') return secret + bound
  const tail = utf8Bytes(bound)
  const joined = new Uint8Array(secret.length + tail.length)
  joined.set(secret, 0)
  joined.set(tail, secret.length)
  return joined
}
