import { BODY } from '../runtime/protocol'
import { currentRequest } from '../context/request-context'
import { JsonApiError } from '../errors/base'
import type { JsonResource, JsonResourceClass } from '../resources/json-resource'
import {
  ResourceCollection,
  type AbsentSource,
  type CollectionSource,
} from '../resources/resource-collection'
import type { CollectionShape } from '../resources/payload'
import { jsonApiBody } from '../response/body'
import { type CollectionTypes, PAYLOAD_TYPES } from '../runtime/payload'
import type { ResponseContentType } from '../runtime/respondable'
import { jsonApiMediaType, type JsonApiObjectOptions } from './jsonapi-resource'
import { isJsonApiClass, type JsonApiClass } from './type-descriptor'
import { buildCollectionData, documentInput } from './document-builder'

/**
 * A JSON:API collection document: `data` is a list of resource objects, and a
 * paginator adds the `links` (`first`, `last`, `prev`, `next`) and `meta` (`current_page`, ...) of a
 * paginated collection. `additional({ meta })` / `additional({ links })` add entries after the
 * standard ones. Built by `SomeJsonApiResource.collection(itemsOrPaginator)`, or subclass it with
 * `static collects = () => SomeJsonApiResource`.
 */
export class JsonApiResourceCollection<
  R extends JsonResource = JsonResource,
  S extends CollectionShape = CollectionShape,
> extends ResourceCollection<R, S> {
  /** Types only: the body is a JSON:API document (see `JsonApiCollectionDocument`). */
  declare readonly [PAYLOAD_TYPES]?: CollectionTypes<R, S> & { readonly document: 'jsonapi' }
  readonly #resourceClass: JsonApiClass

  /** `collects` defaults to the subclass's `static collects = () => SomeJsonApiResource`. */
  constructor(itemsOrPaginator: CollectionSource | AbsentSource, collects?: JsonResourceClass<R>) {
    super(itemsOrPaginator, collects)
    const cls = this.collects()
    if (!isJsonApiClass(cls)) throw JsonApiError.notJsonApiCollection(this.constructor.name, cls)
    this.#resourceClass = cls
  }

  /** The JSON:API document. */
  override [BODY](request?: unknown): unknown {
    const q = currentRequest(request)
    const cls = this.#resourceClass
    const input = documentInput(cls, q, request)
    const { data, included } = buildCollectionData(input, this.collection)
    const body = jsonApiBody({
      owner: cls.name,
      data,
      included,
      additional: this.topLevel(q),
      pagination: this.paginationSections(q),
      selfLink: input.selfLink,
      jsonapi: (cls as { jsonApi?: Readonly<Record<string, unknown>> }).jsonApi,
      request: q,
    })
    return body
  }

  /** @internal */
  protected override mediaType(): ResponseContentType {
    return jsonApiMediaType((this.#resourceClass as { jsonApi?: JsonApiObjectOptions }).jsonApi)
  }
}
