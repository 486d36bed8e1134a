import { MISSING } from '../../runtime/missing'
import { isLoadedValue } from '../../runtime/model-rules'

/**
 * Where an ORM model keeps the count of a relation. Most ORMs have no built-in "with count": the
 * caller selects it under a name of their choosing, so the adapters try each candidate key in order.
 */
export type CountKeys = (relation: string) => readonly string[]

/**
 * `posts_count` (the library default, as in Laravel) and then `postsCount` (camelCase code bases).
 *
 * @example
 * installTypeOrm(dataSource, { countKeys: (relation) => [...defaultCountKeys(relation), `num_${relation}`] })
 */
export const defaultCountKeys: CountKeys = (relation) => [`${relation}_count`, `${relation}Count`]

/**
 * The first loaded value among `keys(relation)`, read with `read`; `MISSING` when none is loaded.
 */
export function readCount(
  read: (key: string) => unknown,
  relation: string,
  keys: CountKeys,
): unknown {
  for (const key of keys(relation)) {
    const value = read(key)
    if (isLoadedValue(value)) return value
  }
  return MISSING
}
