// Property tests over `include` and `fields[...]`: whatever a client sends, the JSON:API document is
// valid against the official schema, every (type, id) appears once, and `included` never holds more
// objects than the loaded data has.
import fc from 'fast-check'
import { createRequestContext, runWithRequestContext } from 'api-resources'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import { blogRows, PostResource, UserResource } from '../jsonapi/fixtures/blog-resources'
import { fuzzParams } from './runs'

const segment = fc.oneof(
  fc.constantFrom(
    'author',
    'comments',
    'posts',
    'post',
    'tags',
    '',
    ' ',
    'author ',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 8 }),
)
const includePath = fc.array(segment, { minLength: 1, maxLength: 12 }).map((s) => s.join('.'))
const includeParam = fc.array(includePath, { maxLength: 8 }).map((p) => p.join(','))
const fieldNames = fc
  .array(
    fc.oneof(
      fc.constantFrom('title', 'body', 'name', 'email', 'author', 'comments', 'posts'),
      fc.string({ maxLength: 6 }),
    ),
    {
      maxLength: 5,
    },
  )
  .map((n) => n.join(','))
const fieldsParam = fc
  .array(fc.tuple(fc.constantFrom('posts', 'users', 'comments', 'nope', '__proto__'), fieldNames), {
    maxLength: 3,
  })
  .map((pairs) =>
    pairs.map(([t, n]) => `fields[${encodeURIComponent(t)}]=${encodeURIComponent(n)}`).join('&'),
  )

const LOADED_OBJECTS = 2 + 3 + 3 // users + posts + comments in blogRows()

describe('fuzz: JSON:API include and fields', () => {
  it('always give a valid document with each object once, bounded by the loaded data', () => {
    fc.assert(
      fc.property(includeParam, fieldsParam, fc.boolean(), (include, fields, many) => {
        const rows = blogRows()
        const url = `/posts?include=${encodeURIComponent(include)}${fields ? `&${fields}` : ''}`
        const value = many
          ? PostResource.collection([rows.hello, rows.again, rows.mine])
          : new UserResource(rows.ada)
        const json = runWithRequestContext(createRequestContext(url), () => JSON.stringify(value))
        const doc = JSON.parse(json) as { included?: unknown[] }
        assertJsonApiDocument(doc, { sparse: true })
        expect((doc.included ?? []).length).toBeLessThanOrEqual(LOADED_OBJECTS)
      }),
      fuzzParams,
    )
  })
})
