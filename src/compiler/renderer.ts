import type { ModelRules } from '../runtime/model-rules'
import { RESOLVE, isCollectionClass, isResolvable, type Resolvable } from '../runtime/protocol'

/**
 * A class's compiled output over a model: `(model, request, resource?, rules?) => output`; `rules`
 * are the model's rules when the caller has looked them up already. @internal
 */
export type ToArrayFn = (
  model: unknown,
  request: unknown,
  resource: object | undefined,
  rules?: ModelRules,
) => Record<string, unknown>

/** Renders a value nested in another resource's output through one resource class. @internal */
export interface Renderer {
  /** A list is mapped item by item; `null`/`undefined` become `null`. */
  render(value: unknown, request: unknown): unknown
  /** Only checks objects and returns every value as it is: scalars need not reach it. */
  readonly guard?: true
}

type Ctor = new (value: unknown) => object

/**
 * Renders models through a resource class. When the class overrides neither `toArray` nor
 * `[RESOLVE]` and has decorated fields, items go straight through its compiled function, without a
 * resource instance per item (the instance is made lazily only if a getter or condition needs it).
 */
class ResourceRenderer implements Renderer {
  #fn: ToArrayFn | null | undefined

  constructor(
    private readonly cls: Function,
    readonly traitsOf: (cls: Function) => {
      readonly compiledIsOutput: boolean
      readonly toArray: ToArrayFn | null
    },
  ) {}

  render(given: unknown, request: unknown): unknown {
    const fn = this.#fn === undefined ? this.decide() : this.#fn
    // a loaded list may be a Set (a model never is)
    const value = given instanceof Set ? Array.from(given as Set<unknown>) : given
    if (!Array.isArray(value)) return this.one(value, request, fn)
    // A plain array's copy, overwritten in place: sized once and packed. `new Array(n)` would be
    // holey, which JSON.stringify walks more slowly, and pushing grows the list twice for 20 rows
    // (more to allocate and copy). An Array subclass is pushed into a plain array instead: its
    // `slice()` would make an instance of the subclass.
    const plain = (value as { constructor?: unknown }).constructor === Array
    const out: unknown[] = plain ? value.slice() : []
    for (let i = 0; i < value.length; i++) {
      const item = this.one(value[i], request, fn)
      if (plain) out[i] = item
      else out.push(item)
    }
    return out
  }

  private one(value: unknown, request: unknown, fn: ToArrayFn | null): unknown {
    if (value === null || value === undefined) return null
    // A plain object (the usual row) cannot be a resource: skip the protocol lookup. Its
    // `constructor` is `Object` (one cached property load, where calling Object.getPrototypeOf costs
    // about 10 ns a row). Resources get the protocol from their class, so for anything else it is
    // looked up on the prototype: a model in dictionary mode (a TypeORM entity with lazy relations)
    // would make the lookup on the instance a slow miss.
    if ((value as { constructor?: unknown }).constructor !== Object) {
      const proto = Object.getPrototypeOf(value) as object | null
      if (proto !== null && isResolvable(proto)) return (value as Resolvable)[RESOLVE](request)
    }
    if (fn !== null) return fn(value, request, undefined)
    const resource = new (this.cls as Ctor)(value) as { [RESOLVE](request: unknown): unknown }
    return resource[RESOLVE](request)
  }

  private decide(): ToArrayFn | null {
    const traits = this.traitsOf(this.cls)
    this.#fn = traits.compiledIsOutput ? traits.toArray : null
    return this.#fn
  }
}

/** Renders a loaded list (or a collection instance) through a `ResourceCollection` class. */
class CollectionRenderer implements Renderer {
  constructor(private readonly cls: Function) {}

  render(value: unknown, request: unknown): unknown {
    if (value === null || value === undefined) return null
    if (isResolvable(value)) return value[RESOLVE](request)
    const list = Array.isArray(value) ? value : value instanceof Set ? Array.from(value) : [value]
    return (new (this.cls as Ctor)(list) as { [RESOLVE](request: unknown): unknown })[RESOLVE](
      request,
    )
  }
}

/** The renderer for a resource or collection class. @internal */
export function makeRenderer(cls: Function, traitsOf: ResourceRenderer['traitsOf']): Renderer {
  return isCollectionClass(cls) ? new CollectionRenderer(cls) : new ResourceRenderer(cls, traitsOf)
}
