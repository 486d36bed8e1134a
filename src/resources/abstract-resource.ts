import type { Additional } from '../response/body'
import { mergeAdditional } from '../response/body'
import {
  okResponse,
  TO_RESPONSE,
  type Respondable,
  type ResponseContentType,
  type ResponseSpec,
} from '../runtime/respondable'
import { RESOLVE, type Resolvable } from '../runtime/protocol'

/**
 * The root of every resource and collection class: `additional()`, `toJSON()` and the HTTP response
 * live here once. A subclass supplies its data (`[RESOLVE]`, what it renders as when nested in
 * another resource) and its payload (`toPayload()`, assembled by the response layer).
 *
 * The wrapped model and items are never own enumerable properties of an instance, so spreading a
 * resource, or a serializer that walks its own properties, cannot print the raw model.
 */
export abstract class AbstractResource implements Respondable, Resolvable {
  #additional: Additional;

  /** The output as nested in another resource: no wrap key, no `additional()` keys. */
  abstract [RESOLVE](request: unknown): unknown

  /** The final payload, `MISSING` stripped (the request comes from the context when not given). */
  abstract toPayload(request?: unknown): unknown

  /** The key `additional()` may not use (the wrap key), or `null`. @internal */
  protected abstract additionalGuard(): string | null

  /** The media type of the response; JSON:API documents answer `application/vnd.api+json`. */
  protected mediaType(): ResponseContentType {
    return 'application/json'
  }

  /** The payload, so `JSON.stringify(resource)` works (the request comes from the context). */
  toJSON(): unknown {
    return this.toPayload()
  }

  /** Extra top-level keys beside the data; chainable. The wrap key itself is an error. */
  additional(mapping: Readonly<Record<string, unknown>>): this {
    this.#additional = mergeAdditional(
      this.constructor,
      this.additionalGuard(),
      this.#additional,
      mapping,
    )
    return this
  }

  /** The keys given to {@link additional} so far. */
  additionalData(): Readonly<Record<string, unknown>> {
    return this.#additional ?? {}
  }

  /** The HTTP response: status 200, the payload with this resource's media type. */
  [TO_RESPONSE](request?: unknown): ResponseSpec {
    return okResponse(this.toPayload(request), this.mediaType())
  }
}
