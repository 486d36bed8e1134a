import type { QueryPlan } from './plan'

/**
 * The signing key of a plan's cursors: the app's own secret (if any) joined with the plan's order
 * in its normal form, so that a cursor made for one `sort` fails its signature check under
 * another (an `InvalidCursorError`, a 400 naming `cursor`).
 */
export function cursorSecretOf(plan: QueryPlan, secret?: string | Buffer): string | Buffer {
  const bound = `\u0000api-resources order:${plan.orderKey}`
  return secret === undefined
    ? bound
    : Buffer.concat([Buffer.isBuffer(secret) ? secret : Buffer.from(secret), Buffer.from(bound)])
}
