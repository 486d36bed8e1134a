/**
 * Is `NODE_ENV` `production`? Read where a `process` global exists (Node, Bun, Deno, Workers with
 * `nodejs_compat`); elsewhere (a Worker without it, a browser) this is never production mode.
 */
export function isProductionEnv(): boolean {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return proc?.env?.NODE_ENV === 'production'
}
