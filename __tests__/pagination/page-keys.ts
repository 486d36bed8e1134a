// The pinned key order of a length-aware page's JSON (API.md "Choices where the spec is loose").
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
