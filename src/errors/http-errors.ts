/**
 * Errors an HTTP handler throws on purpose so that `resourceErrors()` (api-resources/express) can
 * answer them: `ValidationError` (422) and `NotFoundError` (404). They live in core so that code
 * outside Express can throw them too; core never imports zod or express-validator, it only reads
 * the shape of their results.
 */
import { ApiResourcesError, ArgumentError } from './base'
import { CATALOGUE, catalogued } from './catalogue'

/** Field name -> every message about that field, in the order they were reported. */
export type ValidationMessages = Readonly<Record<string, readonly string[]>>

/** The part of a zod `ZodError` that `ValidationError.fromZod()` reads (zod 3 and 4 alike). */
export interface ZodErrorLike {
  readonly issues: ReadonlyArray<{
    readonly path: ReadonlyArray<PropertyKey>
    readonly message: string
  }>
}

/** The part of an express-validator `Result` (`validationResult(req)`) that is read. */
export interface ExpressValidatorResultLike {
  array(): ReadonlyArray<unknown>
}

/**
 * Request validation failed: a map of field -> messages. Nested fields use dotted names
 * (`address.city`, `items.0.sku`); `''` holds errors about the input as a whole.
 *
 * @example
 * throw new ValidationError({ email: ['The email field is required.'] })
 * throw ValidationError.fromZod(schema.safeParse(req.body).error)
 */
export class ValidationError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.validation.status
  /** Field -> messages (frozen copies). */
  readonly errors: ValidationMessages

  /**
   * @param errors field -> message or messages
   * @param message the top-level message; by default the first message, with `(and N more
   *   errors)` when there are more (Laravel's summary)
   */
  constructor(errors: Readonly<Record<string, string | readonly string[]>>, message?: string) {
    const copied = copyMessages(errors)
    const made = catalogued('validation', [copied])
    super(made.code, message ?? made.message)
    this.errors = copied
  }

  /** From a zod error: each issue's path joined with `.` is the field, `''` for the root. */
  static fromZod(error: ZodErrorLike, message?: string): ValidationError {
    if (!isObject(error) || !Array.isArray(error.issues))
      throw ArgumentError.validationSource('zodError', 'a ZodError', error)
    const errors: Record<string, string[]> = {}
    for (const issue of error.issues) {
      const field = issue.path.map(segmentName).join('.')
      push(errors, field, String(issue.message))
    }
    return new ValidationError(errors, message)
  }

  /**
   * From express-validator's `validationResult(req)` (or the array its `.array()` returns). Field
   * errors use their `path`; alternatives contribute their nested errors; `unknown_fields` errors
   * give each unknown field the message.
   */
  static fromExpressValidator(
    result: ExpressValidatorResultLike | ReadonlyArray<unknown>,
    message?: string,
  ): ValidationError {
    const list = isList(result) ? result : arrayOf(result)
    const errors: Record<string, string[]> = {}
    for (const item of list) collectExpressValidatorError(errors, item)
    return new ValidationError(errors, message)
  }
}

/**
 * A record was not found (404).
 *
 * @example
 * const post = await db('posts').where('id', id).first()
 * if (post === undefined) throw new NotFoundError(`Post ${id} not found.`)
 */
export class NotFoundError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.notFound.status

  /** @param message what was not found; default `Not found.` */
  constructor(message?: string) {
    const { code, message: text } = catalogued('notFound', [message])
    super(code, text)
  }
}

function copyMessages(
  errors: Readonly<Record<string, string | readonly string[]>>,
): ValidationMessages {
  if (!isObject(errors) || Array.isArray(errors))
    throw ArgumentError.validationErrors('errors', 'an object of field -> messages', errors)
  const copy: Record<string, readonly string[]> = {}
  for (const [field, messages] of Object.entries(errors)) {
    const list = typeof messages === 'string' ? [messages] : messages
    if (!Array.isArray(list) || !list.every((m) => typeof m === 'string'))
      throw ArgumentError.validationErrors(`errors.${field}`, 'a string or strings', messages)
    copy[field] = Object.freeze([...list])
  }
  return Object.freeze(copy)
}

function arrayOf(result: ExpressValidatorResultLike): ReadonlyArray<unknown> {
  if (!isObject(result) || typeof result.array !== 'function')
    throw ArgumentError.validationSource(
      'result',
      'an express-validator Result or an array of its errors',
      result,
    )
  return result.array()
}

function collectExpressValidatorError(errors: Record<string, string[]>, item: unknown): void {
  if (!isObject(item)) return
  const error = item as Record<string, unknown>
  const message = String(error.msg ?? 'Invalid value')
  if (Array.isArray(error.nestedErrors)) {
    // alternatives: a flat list (`oneOf`) or a list of groups (`oneOf` with arrays of chains)
    for (const nested of error.nestedErrors.flat()) collectExpressValidatorError(errors, nested)
    return
  }
  if (error.type === 'unknown_fields' && Array.isArray(error.fields)) {
    for (const field of error.fields)
      collectExpressValidatorError(errors, { ...field, msg: message })
    return
  }
  // v7 names the field `path`, v6 named it `param`
  const field = typeof error.path === 'string' ? error.path : error.param
  push(errors, typeof field === 'string' ? field : '', message)
}

function push(errors: Record<string, string[]>, field: string, message: string): void {
  ;(errors[field] ??= []).push(message)
}

function segmentName(segment: PropertyKey): string {
  return typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)
}

function isList(value: unknown): value is ReadonlyArray<unknown> {
  return Array.isArray(value)
}

function isObject(value: unknown): value is Record<string, unknown> & object {
  return typeof value === 'object' && value !== null
}
