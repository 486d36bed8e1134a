import { CATALOGUE, entryOfCode, guidePageOfCode, withoutGuideLink } from '../errors/catalogue'
import { isApiResourcesError } from '../errors/base'
import type { ValidationMessages } from '../errors'

/**
 * An error the HTTP integrations answer, read defensively: one of the package's own errors (by its
 * mark, so a second copy of the package counts too) whose code has an HTTP status in the catalogue.
 */
interface HandledError {
  readonly status: number
  readonly title: string
  readonly message: string
  /** The query parameter the error is about (a cursor's), for JSON:API `source.parameter`. */
  readonly parameter?: string
  /** Field -> messages, for a validation error (only strings kept). */
  readonly errors?: ValidationMessages
  /** Query parameter -> messages, for a query parameter error (only strings kept). */
  readonly parameters?: ValidationMessages
}

/** A JSON:API error object (https://jsonapi.org/format/#error-objects). */
interface JsonApiErrorObject {
  readonly status: string
  readonly title: string
  readonly detail: string
  readonly source?: { readonly pointer: string } | { readonly parameter: string }
}

/**
 * Is `error` one of ours that has an HTTP answer? Only the package's mark counts, never a `code`
 * alone: another library's validation error with the same code is not ours and goes on to the next
 * error handler. The fields are copied and checked, so a malformed error from another copy cannot
 * break the answer.
 */
export function asHandledError(error: unknown): HandledError | undefined {
  if (!isApiResourcesError(error)) return undefined
  const entry = entryOfCode(error.code)
  if (entry?.status === undefined) return undefined
  const text = typeof error.message === 'string' ? error.message : entry.message()
  // the pointer to the package's guide is for the developer (logs), not for the API's client
  const page = guidePageOfCode(entry.code)
  const message = page === undefined ? text : withoutGuideLink(text, page)
  const handled = {
    status: entry.status,
    title: entry.title ?? '',
    message,
    ...(entry.parameter === undefined ? {} : { parameter: parameterOf(error, entry.parameter) }),
  }
  if (entry.code === CATALOGUE.invalidQueryParameter.code)
    return { ...handled, parameters: messagesOf((error as { errors?: unknown }).errors) }
  if (entry.code !== CATALOGUE.validation.code) return handled
  return { ...handled, errors: messagesOf((error as { errors?: unknown }).errors) }
}

/** The query parameter an error names (a cursor's `cursorName`), else its catalogue row's. */
function parameterOf(error: object, fallback: string): string {
  const own = (error as { parameter?: unknown }).parameter
  return typeof own === 'string' && own !== '' ? own : fallback
}

/** Field -> messages from whatever `errors` holds: a string is one message, non-strings are dropped. */
function messagesOf(errors: unknown): ValidationMessages {
  const out: Record<string, readonly string[]> = {}
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return out
  for (const [field, value] of Object.entries(errors)) {
    const list: unknown[] = Array.isArray(value) ? value : [value]
    const strings = list.filter((m): m is string => typeof m === 'string')
    if (strings.length > 0) out[field] = strings
  }
  return out
}

/**
 * `{ message, errors }` for a validation or query parameter error (an error about one parameter,
 * such as a bad cursor, maps that parameter to its message), `{ message }` otherwise.
 */
export function plainErrorBody(error: HandledError): Record<string, unknown> {
  if (error.parameters !== undefined) return { message: error.message, errors: error.parameters }
  if (error.parameter !== undefined)
    return { message: error.message, errors: { [error.parameter]: [error.message] } }
  if (error.errors === undefined) return { message: error.message }
  return { message: error.message, errors: error.errors }
}

/** A JSON:API error document: one error object per distinct message (at least one). */
export function jsonApiErrorDocument(error: HandledError, validationTitle: string): unknown {
  const status = String(error.status)
  if (error.parameters !== undefined) {
    const errors = parameterErrorObjects(error.parameters, status, error.title)
    if (errors.length > 0) return { errors, jsonapi: { version: '1.1' } }
  }
  const objects =
    error.errors === undefined ? [] : validationErrorObjects(error.errors, status, validationTitle)
  const title = error.errors === undefined ? error.title : validationTitle
  const errors = objects.length > 0 ? objects : [singleErrorObject(error, status, title)]
  return { errors, jsonapi: { version: '1.1' } }
}

/** The one error object of an error without field messages; `source.parameter` when it has one. */
function singleErrorObject(error: HandledError, status: string, title: string): JsonApiErrorObject {
  const object = { status, title, detail: error.message }
  return error.parameter === undefined
    ? object
    : { ...object, source: { parameter: error.parameter } }
}

/** One error object per message about a query parameter, `source.parameter` naming it. */
function parameterErrorObjects(
  messages: ValidationMessages,
  status: string,
  title: string,
): JsonApiErrorObject[] {
  const objects: JsonApiErrorObject[] = []
  for (const [parameter, list] of Object.entries(messages))
    for (const detail of new Set(list))
      objects.push({ status, title, detail, source: { parameter } })
  return objects
}

function validationErrorObjects(
  messages: ValidationMessages,
  status: string,
  title: string,
): JsonApiErrorObject[] {
  const objects: JsonApiErrorObject[] = []
  for (const [field, list] of Object.entries(messages)) {
    const pointer = attributePointer(field)
    // JSON:API's error objects are unique: a message repeated for one field is one object
    for (const detail of new Set(list)) objects.push({ status, title, detail, source: { pointer } })
  }
  return objects
}

/**
 * `/data/attributes/<field>`, a dotted or bracketed field as nested segments (`a.b` and `a[0].b`
 * give `/data/attributes/a/b` and `/data/attributes/a/0/b`), each escaped per RFC 6901; the field
 * `''` (the input as a whole) points at `/data/attributes`.
 */
export function attributePointer(field: string): string {
  if (field === '') return '/data/attributes'
  const segments = field
    .replace(/\[([^\]]*)\]/g, '.$1')
    .split('.')
    .filter((segment, i) => segment !== '' || i > 0)
  return ['/data/attributes', ...segments.map(escapePointerSegment)].join('/')
}

function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** `a, b;x="1,2"` -> `['a', ' b;x="1,2"']`: commas inside quoted parameter values do not split. */
function mediaRanges(accept: string): string[] {
  return accept.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []
}

/** A media range's type and its media type parameters (those before `q`), names in lower case. */
function parseRange(range: string): { type: string; q: number; params: Map<string, string> } {
  const [type, ...rest] = range.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/)
  const params = new Map<string, string>()
  let q = 1
  for (const part of rest) {
    const at = part.indexOf('=')
    const name = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase()
    const value =
      at === -1
        ? ''
        : part
            .slice(at + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1')
    if (name === 'q') {
      q = Number(value)
      break // what follows q are accept extensions, not media type parameters
    }
    params.set(name, value)
  }
  return { type: type.trim().toLowerCase(), q, params }
}

/**
 * Why a JSON:API document of `contentType` (its `ext` parameter naming the extensions it uses)
 * cannot answer a request with this `Accept` header (a 406), or `undefined` when it can. As JSON:API
 * says: the media type's instances with a parameter other than `ext` or `profile` are ignored; when
 * that leaves none, or every one left asks for an extension the document does not use, the answer
 * is 406. An Accept header without the JSON:API media type is not refused (only wildcards, or no header).
 */
export function jsonApiNotAcceptable(
  accept: string | undefined,
  contentType: string,
): string | undefined {
  if (accept === undefined) return undefined
  const instances = mediaRanges(accept)
    .map(parseRange)
    .filter((range) => range.type === 'application/vnd.api+json' && range.q > 0)
  if (instances.length === 0) return undefined
  const usable = instances.filter((range) =>
    [...range.params.keys()].every((name) => name === 'ext' || name === 'profile'),
  )
  if (usable.length === 0)
    return 'application/vnd.api+json is asked for only with a parameter other than ext or profile'
  const used = new Set((/ext="([^"]*)"/.exec(contentType)?.[1] ?? '').split(' ').filter(Boolean))
  const unsupported = (range: { params: Map<string, string> }) => {
    const ext = range.params.get('ext')
    return ext !== undefined && ext.split(/\s+/).some((uri) => uri !== '' && !used.has(uri))
  }
  if (usable.every(unsupported))
    return 'application/vnd.api+json is asked for only with extensions this document does not use'
  return undefined
}

/** Does the `Accept` header ask for `application/vnd.api+json` (with a q above 0)? */
export function acceptsJsonApi(accept: string | undefined): boolean {
  if (accept === undefined) return false
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase())
    if (type !== 'application/vnd.api+json') continue
    const q = params.find((p) => p.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) return true
  }
  return false
}
