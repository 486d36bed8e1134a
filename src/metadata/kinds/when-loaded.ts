// `@WhenLoaded()` and the helper `whenLoaded()`: an eager-loaded relation, never a lazy load.
import type { Missing } from '../../runtime/missing'
import { thunkOrOptionsDecorator } from '../decorator-factory'
import type { ThunkOrOptionsDecorator } from '../decorator-types'
import {
  conditionalKind,
  loadedHelper,
  type HelperHost,
  type LoadedArgs,
  type LoadedRules,
} from './kind'

/**
 * The eager-loaded relation named like the member (or `relation`), mapped through the resource of
 * the thunk (without one, the loaded value as it is); a relation loaded as `null` gives
 * `null`; a relation not loaded gives no key. Never triggers a lazy load.
 *
 * @example
 * @WhenLoaded(() => [PostResource]) posts?: NestedList<typeof PostResource>
 */
export const WhenLoaded: ThunkOrOptionsDecorator<'WhenLoaded', 'relation', 'relation'> =
  thunkOrOptionsDecorator('WhenLoaded', 'whenLoaded', 'relation', true)

const rules: LoadedRules = {
  read: 'relation',
  absentWhen: 'missing',
  nullRendersNull: true,
  infersResource: true,
  nullableOne: true,
}

/** The resource helpers of this kind (methods of `JsonResource`). */
export interface WhenLoadedHelpers {
  /**
   * The eager-loaded relation (or `cb` of it); `null` if loaded as null; else `fallback`
   * (default: no key).
   */
  whenLoaded<V = unknown, R = V, D = Missing>(
    this: HelperHost,
    ...args: LoadedArgs<[relation: string], (value: V) => R, D>
  ): R | null | D
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenLoaded = conditionalKind(
  'whenLoaded',
  WhenLoaded,
  'WhenLoaded',
  'relation',
  rules,
  loadedHelper<WhenLoadedHelpers>('whenLoaded', rules, (relation) => relation),
)

declare module './kind' {
  interface KindTable {
    whenLoaded: typeof whenLoaded
  }
}
