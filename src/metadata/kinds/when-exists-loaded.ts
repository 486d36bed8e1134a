// `@WhenExistsLoaded()` and the helper `whenExistsLoaded()`: whether related rows exist, selected
// with the query (`posts_exists`), as a boolean.
import { existsKey, existsValue } from '../../runtime/model-rules'
import type { Missing } from '../../runtime/missing'
import { defaultOption, memberDecorator, optionalName, schemaOptions } from '../decorator-factory'
import type { MemberDecorator, RelationOptions, SpecOf } from '../decorator-types'
import {
  conditionalKind,
  loadedHelper,
  type HelperHost,
  type LoadedArgs,
  type LoadedRules,
  type ValueOf,
} from './kind'

/**
 * Whether related rows exist, selected with the query as `<relation>_exists` (`withExists`), as a
 * boolean; no key when it was not selected. The relation is `relation`, else the member name without
 * its `_exists` suffix: `@WhenExistsLoaded() posts_exists` reads `posts_exists`.
 *
 * @example
 * @WhenExistsLoaded({ relation: 'posts' }) has_posts?: boolean
 */
export function WhenExistsLoaded(
  options?: RelationOptions<string>,
): MemberDecorator<SpecOf<'WhenExistsLoaded', false, 'computed', never, unknown>> {
  const relation = optionalName('@WhenExistsLoaded() relation', options?.relation)
  return memberDecorator('WhenExistsLoaded', {
    kind: 'whenExistsLoaded',
    source: (key) => existsKey(relation ?? key.replace(/_exists$/, '')),
    ...schemaOptions('WhenExistsLoaded', options),
    ...defaultOption(options),
  })
}

const rules: LoadedRules = {
  read: 'attribute',
  absentWhen: 'undefined',
  nullRendersNull: true,
  map: existsValue,
  schema: { type: 'boolean' },
}

/** The resource helpers of this kind (methods of `JsonResource`). */
export interface WhenExistsLoadedHelpers {
  /**
   * Whether related rows exist, selected with the query as `<relation>_exists` (`1`/`0` or a
   * boolean), as a boolean or `cb` of it; `null` when it is `null`; `fallback` (default: no
   * key) when it was not selected.
   */
  whenExistsLoaded<R = boolean, D = Missing>(
    this: HelperHost,
    ...args: LoadedArgs<[relation: string], ValueOf<boolean, R>, D>
  ): R | null | D
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenExistsLoaded = conditionalKind(
  'whenExistsLoaded',
  WhenExistsLoaded,
  'WhenExistsLoaded',
  'computed',
  rules,
  loadedHelper<WhenExistsLoadedHelpers>('whenExistsLoaded', rules, existsKey),
)

declare module './kind' {
  interface KindTable {
    whenExistsLoaded: typeof whenExistsLoaded
  }
}
