/**
 * What the package's own bar templates need from a paginator, without building its view data: the
 * page URL split around the page number, the page numbers, and (length-aware only) the window
 * parameters. `api-resources/handlebars` renders the built-in templates from this; custom templates
 * get `toViewData()`. Not a public API: the key is a private symbol, so a paginator from another
 * copy of the library simply takes the `toViewData()` path.
 *
 * @internal
 */
export const BAR_STATE: unique symbol = Symbol('api-resources.barState')

/**
 * One paginator's bar inputs. Every field mirrors a `toViewData()` field: page URL `n` is
 * `urlPrefix + n + urlSuffix` (raw, not escaped), and the length-aware fields are `undefined` on a
 * simple paginator, exactly as they are absent from its view data.
 * @internal
 */
export interface BarState {
  /** `<path>?page=` (or `&page=` when the path has a query). */
  readonly urlPrefix: string
  /** The carried query parameters and the fragment: `&q=a%20b#results`, or `''`. */
  readonly urlSuffix: string
  readonly currentPage: number
  readonly hasMorePages: boolean
  readonly firstItem: number | null | undefined
  readonly lastItem: number | null | undefined
  readonly total: number | undefined
  readonly lastPage: number | undefined
  readonly onEachSide: number | undefined
}

/** The length-aware part of a {@link BarState}. @internal */
export type NumberedBarState = Pick<
  BarState,
  'firstItem' | 'lastItem' | 'total' | 'lastPage' | 'onEachSide'
>

/** The {@link BarState} of `value`, if it is one of this copy's paginators. @internal */
export function barStateOf(value: unknown): BarState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const read = (value as { [BAR_STATE]?: unknown })[BAR_STATE]
  return typeof read === 'function' ? (read.call(value) as BarState | undefined) : undefined
}
