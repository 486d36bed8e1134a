// JSON:API member names (1.1): a resource type, a relationship and a declared attribute must start
// and end with a letter, a digit or a character past U+007F, and hold only those, `-`, `_` and
// spaces. A class that breaks the rule fails when it is first rendered, naming the name; before,
// the document went out with `"type": "bad type!"` or `"$price"`, which no JSON:API client accepts.
import 'reflect-metadata'
import { Attribute, JsonApiError, JsonApiResource, Relationship } from '../../src'
import { JSONAPI_ERROR_CODES } from '../../src/errors'

interface Row {
  id: number
  title?: string
}

class Person extends JsonApiResource<Row> {
  static override resourceType = 'people'
}

const render = (Doc: new (row: Row) => JsonApiResource<Row>) => () =>
  new Doc({ id: 1, title: 't' }).toPayload()

describe('JSON:API member names', () => {
  it.each(['bad type!', '-people', 'people_', 'a.b', '$x', ' people'])(
    'refuses the resource type %j',
    (type) => {
      class Doc extends JsonApiResource<Row> {
        static override resourceType = type
      }
      expect(render(Doc)).toThrow(
        expect.objectContaining({
          code: JSONAPI_ERROR_CODES.memberName,
          message: expect.stringContaining(`Doc.resourceType ${JSON.stringify(type)}`),
        }),
      )
    },
  )

  it.each(['people', 'blog-posts', 'blog_posts', 'Blog Posts', 'café', '2024'])(
    'takes the resource type %j',
    (type) => {
      class Doc extends JsonApiResource<Row> {
        static override resourceType = type
      }
      expect((render(Doc)() as { data: { type: string } }).data.type).toBe(type)
    },
  )

  it('refuses a declared attribute or relationship with a name JSON:API does not allow', () => {
    class Priced extends JsonApiResource<Row> {
      static override resourceType = 'priced'
      @Attribute({ from: 'title' }) $price!: string
    }
    expect(render(Priced)).toThrow(JsonApiError)
    expect(render(Priced)).toThrow(/Priced attribute "\$price" is not a JSON:API member name/)
    class Related extends JsonApiResource<Row> {
      static override resourceType = 'related'
      @Relationship(() => Person, { relation: 'owner' as string }) _owner!: unknown
    }
    expect(render(Related)).toThrow(/Related relationship "_owner" is not a JSON:API member name/)
  })
})
