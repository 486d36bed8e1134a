import type { BarState } from './bar-state'
import { windowBounds } from '../window'

/**
 * The planned renderer's shape key and slot values, read straight from a paginator's
 * {@link BarState} instead of from its view data. It pushes exactly what `collectShape` in
 * `planned-renderer.ts` pushes for that paginator's `toViewData()`, in the same order (the scalars
 * `previousPageUrl`, `nextPageUrl`, `currentPage`, `firstItem`, `lastItem`, `total`, `lastPage` when
 * truthy, then the page number and URL of each link), so a plan built from the view data fills from
 * these values; the renderer checks that once per plan.
 *
 * The key differs from `collectShape`'s: a paginator's shape follows from a few facts (page 1 or
 * not, more pages or not, an empty page, a zero total, the band lengths, the current page's slot).
 * `prefix` and `suffix` are the page URL's parts around the number, already safe and escaped.
 * @internal
 */
export function collectStateShape(
  state: BarState,
  prefix: string,
  suffix: string,
  values: string[],
): string {
  // currentPage is an integer >= 1 (resolvePage), so it is always a slot, and page 1 or not
  // decides both `onFirstPage` and, with `hasMorePages`, `hasPages`.
  const current = state.currentPage
  const more = state.hasMorePages
  if (current > 1) values.push(prefix + (current - 1) + suffix)
  if (more) values.push(prefix + (current + 1) + suffix)
  values.push(String(current))
  const key = (current === 1 ? 'F' : 'P') + (more ? 'M' : 'L')
  const last = state.lastPage
  if (last === undefined) return `${key}s`
  const { firstItem, lastItem, total } = state
  // firstItem and lastItem are both null (an empty page) or both >= 1.
  if (firstItem) values.push(String(firstItem), String(lastItem))
  if (total) values.push(String(total))
  values.push(String(last))
  return `${key}${firstItem ? 'r' : 'e'}${total ? 't' : 'z'}${pushPages(state, prefix, suffix, values)}`
}

/** Pushes each page link's number and URL; returns the band lengths and the current page's slot. */
function pushPages(state: BarState, prefix: string, suffix: string, values: string[]): string {
  const current = state.currentPage
  const bounds = windowBounds(current, state.lastPage as number, state.onEachSide as number)
  let key = ''
  let slot = 0
  let active = -1
  for (let i = 0; i < bounds.length; i += 2) {
    const to = bounds[i + 1]
    key += `|${to - bounds[i] + 1}`
    for (let page = bounds[i]; page <= to; page++) {
      if (page === current) active = slot
      const digits = String(page)
      values.push(digits, prefix + digits + suffix)
      slot++
    }
  }
  return `${key}@${active}`
}
