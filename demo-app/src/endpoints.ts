/** One entry of a route module's endpoint list; the index page at `/` links every GET entry. */
export interface DemoEndpoint {
  /** @default 'GET' */
  readonly method?: 'GET' | 'POST'
  /** A concrete URL to open (`/json/posts/1`, `/posts?page=2`). */
  readonly path: string
  /** A short label. */
  readonly title: string
  /** One sentence on what it shows. */
  readonly description?: string
}
