/**
 * How aggregates and existence checks selected with a query are named on a row, as Laravel names
 * them (`withSum('posts', 'votes')` selects `posts_sum_votes`; `withExists('posts')` selects
 * `posts_exists`), and how an existence value reads as a boolean.
 * @internal
 * @module
 */

/** `blogPosts` -> `blog_posts`. @internal */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** `name` in snake case, ending with `suffix` (not twice): `fooBars` -> `foo_bars_count`. @internal */
export function snakeFinish(name: string, suffix: string): string {
  const snaked = snake(name)
  return snaked.endsWith(suffix) ? snaked : `${snaked}${suffix}`
}

/** The attribute an aggregate of a relation is selected as: `posts_sum_votes`. @internal */
export function aggregateKey(relation: string, column: string, aggregate: string): string {
  return snake(`${relation}_${aggregate}_${column}`)
}

/** The attribute an existence check of a relation is selected as: `posts_exists`. @internal */
export function existsKey(relation: string): string {
  return snakeFinish(relation, '_exists')
}

/**
 * An existence value as a boolean: drivers give `1`/`0`, `'1'`/`'0'`, `'t'`/`'f'` or booleans. Not
 * internal: the `whenExistsLoaded` kind's table refers to it, so the declarations keep it.
 */
export function existsValue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 1n
}
