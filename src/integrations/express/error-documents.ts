import { NotFoundError, ValidationError, type ValidationMessages } from '../../errors'

/** The errors resourceErrors() answers, recognised also across two copies of the package. */
export type HandledError = ValidationError | NotFoundError

/** A JSON:API error object (https://jsonapi.org/format/#error-objects). */
export interface JsonApiErrorObject {
  readonly status: string
  readonly title: string
  readonly detail: string
  readonly source?: { readonly pointer: string }
}

/** Is `error` one of ours? `instanceof`, or the stable `code` (a second copy of the package). */
export function asHandledError(error: unknown): HandledError | undefined {
  if (error instanceof ValidationError || error instanceof NotFoundError) return error
  if (typeof error !== 'object' || error === null) return undefined
  const { code, errors, message } = error as { code?: unknown; errors?: unknown; message?: unknown }
  if (typeof message !== 'string') return undefined
  if (code === 'ERR_NOT_FOUND') return error as NotFoundError
  if (code === 'ERR_VALIDATION' && typeof errors === 'object' && errors !== null)
    return error as ValidationError
  return undefined
}

/** 422 or 404. */
export function statusOf(error: HandledError): number {
  return error.code === 'ERR_VALIDATION' ? 422 : 404
}

/** `{ message, errors }` for a validation error, `{ message }` for a missing record. */
export function plainErrorBody(error: HandledError): Record<string, unknown> {
  if (error.code !== 'ERR_VALIDATION') return { message: error.message }
  return { message: error.message, errors: (error as ValidationError).errors }
}

/** A JSON:API error document: one error object per message. */
export function jsonApiErrorDocument(error: HandledError, validationTitle: string): unknown {
  const errors =
    error.code === 'ERR_VALIDATION'
      ? validationErrorObjects((error as ValidationError).errors, validationTitle)
      : [{ status: '404', title: 'Not Found', detail: error.message }]
  return { errors, jsonapi: { version: '1.1' } }
}

function validationErrorObjects(messages: ValidationMessages, title: string): JsonApiErrorObject[] {
  const objects: JsonApiErrorObject[] = []
  for (const [field, list] of Object.entries(messages)) {
    const pointer = attributePointer(field)
    for (const detail of list) objects.push({ status: '422', title, detail, source: { pointer } })
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
