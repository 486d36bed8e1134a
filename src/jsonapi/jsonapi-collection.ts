import { okResponse, TO_RESPONSE, type ResponseSpec } from '../runtime/respondable'
import { currentRequest } from '../context/current-request'
import type { JsonResource, JsonResourceClass } from '../resources/json-resource'
import { ResourceCollection, type CollectionSource } from '../resources/resource-collection'
import { JsonApiError } from '../errors/jsonapi-errors'
import { isJsonApiClass, type JsonApiClass } from './class-plan'
import { assembleDocument, buildCollectionData } from './document'
import { documentInput, extraMembers } from './document-input'

/**
 * A JSON:API collection document (spec 2.4 rule 7): `data` is a list of resource objects, and a
 * paginator adds the `links` (`first`, `last`, `prev`, `next`) and `meta` (`current_page`, ...) of a
 * paginated collection. `additional({ meta })` / `additional({ links })` add entries after the
 * standard ones. Built by `SomeJsonApiResource.collection(itemsOrPaginator)`, or subclass it with
 * `static collects = () => SomeJsonApiResource`.
 */
export class JsonApiResourceCollection<
  R extends JsonResource = JsonResource,
> extends ResourceCollection<R> {
  readonly #resourceClass: JsonApiClass

  /** `collects` defaults to the subclass's `static collects = () => SomeJsonApiResource`. */
  constructor(itemsOrPaginator: CollectionSource, collects?: JsonResourceClass<R>) {
    super(itemsOrPaginator, collects)
    const cls = collects ?? (this.constructor as typeof ResourceCollection).collects?.()
    if (!isJsonApiClass(cls)) throw JsonApiError.notJsonApiCollection(this.constructor.name, cls)
    this.#resourceClass = cls
  }

  /** The JSON:API document. */
  override toPayload(request?: unknown): unknown {
    const q = currentRequest(request)
    const cls = this.#resourceClass
    const members = buildCollectionData(documentInput(cls, q, request), this.collection)
    const paginator = this.paginator
    const base =
      paginator === undefined
        ? undefined
        : { links: { ...paginator.toResourceLinks() }, meta: { ...paginator.toResourceMeta() } }
    return assembleDocument(members, extraMembers(cls.name, this.additionalData(), q, base))
  }

  /** The HTTP response: status 200, `application/vnd.api+json`, the document. */
  override [TO_RESPONSE](request?: unknown): ResponseSpec {
    return okResponse(this.toPayload(request), 'application/vnd.api+json')
  }
}
