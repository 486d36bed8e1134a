import type { CursorSecret } from '../pagination/cursor'
import { utf8Bytes } from '../pagination/signing'
import type { QueryPlan } from './plan'

/**
 * The signing key of a plan's cursors: the app's own secret (if any) joined with the plan's order
 * in its normal form, so that a cursor made for one `sort` fails its signature check under
 * another (an `InvalidCursorError`, a 400 naming `cursor`).
 */
export function cursorSecretOf(plan: QueryPlan, secret?: CursorSecret): CursorSecret {
  const bound = `\u0000api-resources order:${plan.orderKey}`
  if (secret === undefined) return bound
  if (typeof secret === 'string') return secret + bound
  const tail = utf8Bytes(bound)
  const joined = new Uint8Array(secret.length + tail.length)
  joined.set(secret, 0)
  joined.set(tail, secret.length)
  return joined
}
