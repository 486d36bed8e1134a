import { ArgumentError } from '../errors/base'

/** A query declaration or relation loader option of the wrong kind: an `ArgumentError`. @internal */
export function optionError(got: unknown, name: string, expected: string): ArgumentError {
  return ArgumentError.decoratorOption(name, expected, got)
}
