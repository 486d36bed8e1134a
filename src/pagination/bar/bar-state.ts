/**
 * The key under which the package's own paginators hand the renderer their {@link BarState}.
 * Private to this copy of the library: a paginator of another copy, or any other object, is
 * rendered from its `toViewData()`.
 * @internal
 */
export const BAR_STATE: unique symbol = Symbol('api-resources.barState')

/**
 * What a paginator's `toViewData()` holds, before any page URL is built: page URL `n` is
 * `urlPrefix + n + urlSuffix` (raw, not escaped), the page links are the page window of
 * `currentPage`, `lastPage` and `onEachSide`, and the length-aware fields are `undefined` on a
 * simple paginator, as they are absent from its view data.
 * @internal
 */
export interface BarState {
  /** `<path>?page=` (or `&page=` when the path has a query). */
  readonly urlPrefix: string
  /** The carried query parameters and the fragment: `&q=a%20b#results`, or `''`. */
  readonly urlSuffix: string
  readonly currentPage: number
  readonly hasPages: boolean
  readonly onFirstPage: boolean
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
