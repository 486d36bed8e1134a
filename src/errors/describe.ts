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

/** Like {@link describeValue}, and names a Promise handed over instead of its query. @internal */
export function describeQuery(value: unknown): string {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  ) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name
    if (name === 'Promise') return 'a Promise (pass the query builder, not its awaited result)'
  }
  return describeValue(value)
}

/** The name of a class for error messages. @internal */
export function nameOf(cls: Function | undefined): string {
  return cls?.name || '(anonymous class)'
}
