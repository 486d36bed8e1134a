// The pinned key order of a length-aware page's JSON: Laravel's keys, in alphabetical order, so that
// a page serializes the same whichever paginator or adapter built it.
export const LENGTH_AWARE_PAGE_KEYS = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'links',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
]

// A simple page: the same keys in the same order minus last_page, last_page_url and total.
export const SIMPLE_PAGE_KEYS = LENGTH_AWARE_PAGE_KEYS.filter(
  (key) => !['last_page', 'last_page_url', 'total'].includes(key),
)

// `meta` of a paginated collection over a length-aware paginator (spec 2.3), in order.
export const PAGINATED_META_KEYS = [
  'current_page',
  'from',
  'last_page',
  'path',
  'per_page',
  'to',
  'total',
]
