/**
 * The root of the error catalogue. Every error the library throws on purpose carries a stable `code`
 * (`ERR_...`) that tests and applications can switch on; messages say what was expected and what was
 * received.
 */
export class ApiResourcesError extends Error {
  readonly code: string

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
    this.code = code
  }
}

/** A bad argument passed by the programmer (`perPage`, `page`, `onEachSide`, ...). */
export class ArgumentError extends TypeError {
  readonly code: string
  readonly argument: string

  constructor(code: string, argument: string, expected: string, got: unknown) {
    super(`${argument} must be ${expected}; got ${describeValue(got)}`)
    this.name = 'ArgumentError'
    this.code = code
    this.argument = argument
  }
}

/** A short, safe description of a value for error messages. @internal */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`
  if (Array.isArray(value)) return `an array of ${value.length}`
  const ctor = (value as { constructor?: { name?: string } }).constructor
  return ctor?.name && ctor.name !== 'Object' ? `an instance of ${ctor.name}` : 'an object'
}
