import { ArgumentError, ResourceError } from '../errors/base'
import type { Additional } from '../response/body'
import type { ResponseBody } from './payload'
import { mergeAdditional } from '../response/body'
import {
  okResponse,
  TO_RESPONSE,
  type Respondable,
  type ResponseContentType,
  type ResponseSpec,
} from '../runtime/respondable'
import { BODY, isBaseMethod, markBase, RESOLVE, type Resolvable } from '../runtime/protocol'
import { isPlainObject } from '../util/objects'
import { jsonSafe, writeBigints } from '../runtime/json'
import { tryGetRequestContext } from '../context/request-context'

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

  /** The body as built (see {@link BODY}). */
  abstract [BODY](request?: unknown): unknown

  /**
   * The final payload (the request comes from the context when not given): wrapped, `MISSING`
   * stripped, `additional()` keys added, and JSON-safe: a `Date` (any value with a `toJSON()`) as
   * what its `toJSON()` returns, a `bigint` as the context says (its decimal string by default), so
   * its values have the types its body type names. Typed as `{ data: PayloadOf<this> }` (a JSON:API
   * resource: its document; a collection: by its source); a class with another static `wrap` is
   * described by `BodyOf<typeof TheClass>`.
   */
  toPayload<Self>(this: Self, request?: unknown): ResponseBody<Self> {
    const body = bodyOf(this as unknown as AbstractResource, request)
    return jsonSafe(body, tryGetRequestContext()?.bigint) as ResponseBody<Self>
  }

  /** The key `additional()` may not use (the wrap key), or `null`. @internal */
  protected abstract additionalGuard(): string | null

  /** The media type of the response; JSON:API documents answer `application/vnd.api+json`. */
  protected mediaType(): ResponseContentType {
    return 'application/json'
  }

  /**
   * What `JSON.stringify(resource)` writes: the JSON of {@link toPayload} (the request comes from
   * the context). A `bigint` is written here as the context says; a `Date` (any value with a
   * `toJSON()`) is left to `JSON.stringify`, which writes the same string without a second copy of
   * the body.
   */
  toJSON<Self>(this: Self): ResponseBody<Self> {
    const body = bodyOf(this as unknown as AbstractResource, undefined)
    return writeBigints(body, tryGetRequestContext()?.bigint) as ResponseBody<Self>
  }

  /** Extra top-level keys beside the data; chainable. The wrap key itself is an error. */
  additional(mapping: Readonly<Record<string, unknown>>): this {
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping))
      throw ArgumentError.badArgument('additional(mapping)', 'an object of top-level keys', mapping)
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

  /**
   * Top-level keys computed per request, beside the data (Laravel's `with()`): override it to add
   * `meta` or `links` that depend on the request. The same rules as {@link additional} apply;
   * `additional()` keys win over these, and a plain-object value present in both is merged.
   */
  with(_request?: unknown): Readonly<Record<string, unknown>> {
    return {}
  }

  /**
   * Called with the framework's response object (Express: `res`) after the body is built and before
   * it is sent: set headers or a status there. Does nothing by default.
   *
   * @example
   * override withResponse(_req: unknown, res: express.Response) {
   *   res.setHeader('X-Resource', 'user')
   * }
   */
  withResponse(_request: unknown, _response: unknown): void {}

  /** `with(request)` and the `additional()` keys: what the body carries beside the data. @internal */
  protected topLevel(request: unknown): Additional {
    const added = this.#additional
    if (isBaseMethod(this.with)) return added
    const computed = this.with(request)
    if (added === undefined) return computed
    const merged: Record<string, unknown> = { ...computed }
    for (const key of Object.keys(added)) {
      const both = merged[key]
      merged[key] =
        isPlainObject(both) && isPlainObject(added[key]) ? { ...both, ...added[key] } : added[key]
    }
    return merged
  }

  /** The HTTP response: status 200, the payload with this resource's media type. */
  [TO_RESPONSE](request?: unknown): ResponseSpec {
    const spec = okResponse(bodyOf(this, request), this.mediaType())
    if (isBaseMethod(this.withResponse)) return spec
    return { ...spec, withResponse: (response) => this.withResponse(request, response) }
  }
}

markBase(AbstractResource.prototype.with)
markBase(AbstractResource.prototype.withResponse)

/**
 * The body of `resource`; a cyclic model (or one nested thousands of levels deep) overflows the
 * call stack while it is rendered, which is answered with the package's error naming the class.
 */
function bodyOf(resource: AbstractResource, request: unknown): unknown {
  try {
    return resource[BODY](request)
  } catch (error) {
    // V8's and JavaScriptCore's message for a stack overflow
    if (error instanceof RangeError && /call stack/i.test(error.message))
      throw ResourceError.tooDeep(resource.constructor)
    throw error
  }
}
