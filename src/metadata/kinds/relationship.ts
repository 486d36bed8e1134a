// `@Relationship()`: JSON:API linkage, rendered by `JsonApiResource`; no key in `toArray()`.
import { thunkOrOptionsDecorator } from '../decorator-factory'
import type { ThunkOrOptionsDecorator } from '../decorator-types'
import { kind } from './kind'

/**
 * A JSON:API relationship (linkage, `?include=`), recorded for `JsonApiResource`. It produces no key
 * in `toArray()`.
 *
 * @example
 * @Relationship(() => UserResource) author?: Related<typeof UserResource>
 * @Relationship(() => CommentResource, { links: { related: '/posts/{id}/comments' } })
 * comments?: RelatedList<typeof CommentResource>
 */
export const Relationship: ThunkOrOptionsDecorator<'Relationship', 'relation', 'relationship'> =
  thunkOrOptionsDecorator('Relationship', 'relationship', 'relationship', false)

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const relationship = kind('relationship', Relationship, {
  decorator: 'Relationship',
  reads: 'relation',
  rules: { output: 'none', read: 'relation', optional: false },
  helpers: {},
})

declare module './kind' {
  interface KindTable {
    relationship: typeof relationship
  }
}
