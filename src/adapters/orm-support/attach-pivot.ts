/**
 * ORMs that model a pivot table carrying columns as an entity of its own (TypeORM, MikroORM, Prisma,
 * Drizzle) load `post.postTags[i].tag`: the related model sits inside the pivot row instead of the pivot
 * data sitting on the related model. `attachPivot` turns those pivot rows into the related models with
 * the pivot row under `as`, which is what `whenPivotLoaded()` reads.
 *
 * The related models are not mutated: each result is a thin object whose prototype is the related model,
 * so its attributes, its class (and with it the ORM's rules) and its loaded relations stay visible, while
 * the pivot lives only on the view. Pivot rows whose related model was not loaded are skipped.
 *
 * @example
 * const post = await repo.findOne({ where: { id: 1 }, relations: { postTags: { tag: true } } })
 * const tags = attachPivot(post.postTags, 'tag', 'tagging') // tags[0].tagging.role
 */
export function attachPivot<P extends object, K extends keyof P & string>(
  pivotRows: Iterable<P>,
  related: K,
  as = 'pivot',
): Array<NonNullable<P[K]>> {
  const out: Array<NonNullable<P[K]>> = []
  for (const row of pivotRows) {
    const model = row[related]
    if (typeof model !== 'object' || model === null) continue
    out.push(pivotView(model, pivotData(row, related), as))
  }
  return out
}

/**
 * A view of `model` carrying `pivot` under `as`: its prototype is the model (attributes, class and
 * loaded relations stay visible), the model itself is not changed. @internal
 */
export function pivotView<M extends object>(model: M, pivot: object, as = 'pivot'): M {
  const view = Object.create(model) as M
  Object.defineProperty(view, as, { value: pivot, enumerable: true })
  return view
}

/**
 * Junction rows (by column name) found by the pair of keys they join: `find(parentKey, relatedKey)`.
 * Keys compare as text, as drivers may return a key as a number on one side and a string (a bigint)
 * on the other. @internal
 */
export function junctionRows(
  rows: readonly Record<string, unknown>[],
  parentColumn: string,
  relatedColumn: string,
): (parentKey: unknown, relatedKey: unknown) => Record<string, unknown> | undefined {
  const pair = (a: unknown, b: unknown) => `${String(a)}\u0000${String(b)}`
  const byPair = new Map(rows.map((row) => [pair(row[parentColumn], row[relatedColumn]), row]))
  return (parentKey, relatedKey) => byPair.get(pair(parentKey, relatedKey))
}

/** The pivot row without the related model itself (and without a function-valued property). */
function pivotData(row: object, related: string): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const key of Object.keys(row)) {
    const value = (row as Record<string, unknown>)[key]
    if (key !== related && typeof value !== 'function') data[key] = value
  }
  return data
}
