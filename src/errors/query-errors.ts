import { ApiResourcesError } from './base'
import { CATALOGUE, catalogued } from './catalogue'

/** Query parameter (`sort`, `filter[author]`, `include`, ...) -> every message about it. */
export type QueryParameterMessages = Readonly<Record<string, readonly string[]>>

/**
 * A client asked for something the resource does not allow: a `sort` entry that is not sortable,
 * an unknown `filter[...]` or operator, a filter value that does not convert to its type, an
 * unknown `include` path on a strict resource. A client error: the HTTP integrations answer it
 * with 400, `{ message, errors: { <parameter>: [<message>] } }` in plain JSON, and one JSON:API
 * error object per message with `source: { parameter }`. Each message says what was wrong and
 * what is allowed.
 *
 * @example
 * throw new QueryParameterError({ sort: ['"secret" is not sortable; sortable: title, id.'] })
 */
export class QueryParameterError extends ApiResourcesError {
  /** The HTTP status the integrations answer with. */
  readonly status = CATALOGUE.invalidQueryParameter.status
  /** Parameter -> messages (frozen copies). */
  readonly errors: QueryParameterMessages

  constructor(errors: QueryParameterMessages) {
    const copied: Record<string, readonly string[]> = {}
    for (const [parameter, messages] of Object.entries(errors))
      copied[parameter] = Object.freeze([...messages])
    Object.freeze(copied)
    const { code, message } = catalogued('invalidQueryParameter', [copied])
    super(code, message)
    this.errors = copied
  }

  /** The error of `errors` (parameter -> messages). */
  static invalidQueryParameter(errors: QueryParameterMessages): QueryParameterError {
    return new QueryParameterError(errors)
  }
}
