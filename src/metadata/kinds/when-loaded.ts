// `@WhenLoaded()` and the helper `whenLoaded()`: an eager-loaded relation, never a lazy load.
import { MISSING, type Missing } from '../../runtime/missing'
import { loadedRelation } from '../../runtime/model-registry'
import { thunkOrOptionsDecorator } from '../decorator-factory'
import type { ThunkOrOptionsDecorator } from '../decorator-types'
import { kind, loadedOr, type HelperHost, type Lazy } from './kind'

/**
 * The eager-loaded relation named like the member (or `relation`), mapped through the resource of
 * the thunk (without one, the loaded value as it is); a relation loaded as `null` gives
 * `null`; a relation not loaded gives no key. Never triggers a lazy load.
 *
 * @example
 * @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
 */
export const WhenLoaded: ThunkOrOptionsDecorator<'WhenLoaded', 'relation', 'relation'> =
  thunkOrOptionsDecorator('WhenLoaded', 'whenLoaded', 'relation', true)

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenLoadedHelpers = {
  /**
   * The eager-loaded relation (or `cb` of it); `null` if loaded as null; else `fallback` (default:
   * no key).
   */
  whenLoaded<V = unknown, R = V, D = Missing>(
    this: HelperHost,
    relation: string,
    cb?: (value: V) => R,
    fallback?: Lazy<D>,
  ): R | null | D {
    const loaded = loadedRelation(this.resource, relation)
    return loadedOr<V, R, D>(loaded, MISSING, cb, fallback) as R | null | D
  },
}

/** This kind: its decorator's name, what it reads, its rules and its helpers (the table reads it). */
export const whenLoaded = kind({
  decorator: 'WhenLoaded',
  reads: 'relation',
  rules: {
    output: 'key',
    read: 'relation',
    absentWhen: 'missing',
    nullRendersNull: true,
    optional: true,
    infersResource: true,
    nullableOne: true,
  },
  helpers: whenLoadedHelpers,
})
