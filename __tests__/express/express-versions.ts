import type { Express } from 'express'
import express5 from 'express'
import express4 from 'express4'
import {
  TO_RESPONSE,
  tryGetRequestContext,
  type Respondable,
  type ResponseContentType,
} from 'api-resources'

/** Every suite under __tests__/express runs once per Express major. */
export const EXPRESS_VERSIONS: ReadonlyArray<[string, () => Express]> = [
  ['express 5', () => express5()],
  ['express 4', () => express4() as unknown as Express],
]

export { express5, express4 }

/** What a probe saw of the request context while it was serialized. */
export interface ProbeBody {
  path: string | null
  page: number | null
  include: string[]
  fields: Record<string, string[]>
  sameRequest: boolean
  tag?: unknown
}

/**
 * A respondable that reports the request context it is serialized in (a stand-in for resources,
 * paginators and JSON:API documents, which implement the same protocol).
 */
export class Probe implements Respondable {
  constructor(
    readonly tag: unknown = undefined,
    readonly status = 200,
    readonly contentType: ResponseContentType = 'application/json',
  ) {}

  [TO_RESPONSE](request?: unknown) {
    const ctx = tryGetRequestContext()
    const fields: Record<string, string[]> = {}
    for (const [type, names] of ctx?.fields ?? []) fields[type] = [...names]
    const body: ProbeBody = {
      path: ctx?.path ?? null,
      page: ctx?.page ?? null,
      include: [...(ctx?.include ?? [])],
      fields,
      sameRequest: request !== undefined && ctx?.request === request,
      tag: this.tag,
    }
    return { status: this.status, contentType: this.contentType, body }
  }
}

/** Resolves after a few random milliseconds (interleaves concurrent requests). */
export function randomDelay(max = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * max)))
}
