/**
 * The page window (Laravel's `UrlWindow`, Pagy's `series`): which page numbers a link bar shows.
 * A pure function of the current page, the last page and the number of pages on each side.
 *
 * @internal
 */

/** The gap between bands of page numbers. */
export const GAP = '...'

/** A run of consecutive page numbers, or the gap between two runs. */
export type WindowBand = readonly number[] | typeof GAP

function range(from: number, to: number): number[] {
  const pages: number[] = []
  for (let page = from; page <= to; page++) pages.push(page)
  return pages
}

/**
 * The bands of page numbers to show, with `n = onEachSide` and `L = last`:
 * - `L < 2n + 8`: every page, one band;
 * - near the start (`current <= n + 4`): `1 .. 2n+4`, gap, `L-1 L`;
 * - near the end (`current > L - n - 4`): `1 2`, gap, `L-2n-3 .. L`;
 * - else `1 2`, gap, `current-n .. current+n`, gap, `L-1 L`.
 *
 * Once the bar slides it always has `2n + 7` slots (a gap counts as one), so it does not jump in
 * width as the current page moves. A current page past the last falls in the "near the end" case.
 *
 * @example window(10, 20, 3) // [[1, 2], '...', [7, 8, 9, 10, 11, 12, 13], '...', [19, 20]]
 */
export function window(current: number, last: number, onEachSide: number): WindowBand[] {
  const bounds = windowBounds(current, last, onEachSide)
  const bands: WindowBand[] = [range(bounds[0], bounds[1])]
  for (let i = 2; i < bounds.length; i += 2) bands.push(GAP, range(bounds[i], bounds[i + 1]))
  return bands
}

/**
 * {@link window} as the first and last page of each band, flat (`[from, to, from, to, ...]`; a gap
 * lies between two bands): what a renderer walks without building the page lists.
 * @example windowBounds(10, 20, 3) // [1, 2, 7, 13, 19, 20]
 */
export function windowBounds(current: number, last: number, onEachSide: number): number[] {
  const n = onEachSide
  const lastPage = Math.max(1, last)
  if (lastPage < 2 * n + 8) return [1, lastPage]
  const edge = n + 4
  if (current <= edge) return [1, 2 * n + 4, lastPage - 1, lastPage]
  if (current > lastPage - edge) return [1, 2, lastPage - 2 * n - 3, lastPage]
  return [1, 2, current - n, current + n, lastPage - 1, lastPage]
}
