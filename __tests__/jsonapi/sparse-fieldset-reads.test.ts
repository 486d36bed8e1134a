// A sparse fieldset is read, not only filtered: members the client left out are never evaluated,
// the kept ones come out in declaration order, and an object left with no attribute has no
// `attributes` member, with conditional members and past the number of compiled subsets alike.
import 'reflect-metadata'
import { Attribute, JsonApiResource, WhenNotNull } from 'api-resources'
import { render } from './render'

interface Row {
  id: number
  title: string
  body: string
  note: string | null
}

const reads: string[] = []

class ArticleResource extends JsonApiResource<Row> {
  static override resourceType = 'articles'
  @Attribute() title!: string
  @Attribute() get summary(): string {
    reads.push('summary')
    return this.resource.body.slice(0, 5)
  }
  @Attribute() body!: string
  @WhenNotNull() note?: string
}

const rows: Row[] = [
  { id: 1, title: 'One', body: 'first body', note: null },
  { id: 2, title: 'Two', body: 'second body', note: 'kept' },
]

describe('sparse fieldsets: only the kept members are read', () => {
  beforeEach(() => {
    reads.length = 0
  })

  it('never evaluates a member the fieldset leaves out', () => {
    const doc = render(ArticleResource.collection(rows), '/?fields[articles]=title')
    expect(doc.data.map((o: { attributes: unknown }) => o.attributes)).toEqual([
      { title: 'One' },
      { title: 'Two' },
    ])
    expect(reads).toEqual([])
    render(ArticleResource.collection(rows), '/')
    expect(reads).toEqual(['summary', 'summary'])
  })

  it('keeps declaration order whatever order the fieldset lists', () => {
    const doc = render(ArticleResource.collection(rows), '/?fields[articles]=body,summary,title')
    expect(Object.keys(doc.data[0].attributes)).toEqual(['title', 'summary', 'body'])
    expect(doc.data[0].attributes).toEqual({ title: 'One', summary: 'first', body: 'first body' })
  })

  it('drops `attributes` when a conditional member is all the fieldset keeps and it is absent', () => {
    const doc = render(ArticleResource.collection(rows), '/?fields[articles]=note')
    expect(doc.data[0]).toEqual({ type: 'articles', id: '1' })
    expect(doc.data[1]).toEqual({ type: 'articles', id: '2', attributes: { note: 'kept' } })
  })

  it('drops `attributes` when the fieldset names no attribute of the type', () => {
    const doc = render(ArticleResource.collection(rows), '/?fields[articles]=nope')
    expect(doc.data).toEqual([
      { type: 'articles', id: '1' },
      { type: 'articles', id: '2' },
    ])
  })

  it('gives the same documents for every subset, past the ones it keeps compiled', () => {
    class WideResource extends JsonApiResource<Record<string, unknown>> {
      static override resourceType = 'wide'
      @Attribute() a!: unknown
      @Attribute() b!: unknown
      @Attribute() c!: unknown
      @Attribute() d!: unknown
      @Attribute() e!: unknown
      @Attribute() f!: unknown
      @WhenNotNull() g?: unknown
    }
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    const row = { id: 7, a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: null }
    // all 128 subsets, twice: the second pass is served from what the first one left behind
    for (let pass = 0; pass < 2; pass++) {
      for (let mask = 0; mask < 1 << names.length; mask++) {
        const kept = names.filter((_, i) => mask & (1 << i))
        const doc = render(new WideResource(row), `/?fields[wide]=${kept.join(',')}`)
        const expected = Object.fromEntries(
          kept.filter((k) => k !== 'g').map((k) => [k, row[k as keyof typeof row]]),
        )
        if (Object.keys(expected).length === 0) expect(doc.data).toEqual({ type: 'wide', id: '7' })
        else expect(doc.data.attributes).toEqual(expected)
        if (Object.keys(expected).length > 0)
          expect(Object.keys(doc.data.attributes)).toEqual(Object.keys(expected))
      }
    }
  })
})
