import 'reflect-metadata'
import {
  Cursor,
  CursorPaginator,
  Field,
  InvalidCursorError,
  JsonResource,
  ResourceCollection,
  createRequestContext,
  isPaginator,
  runWithRequestContext,
} from '../../src'
import { PostResource } from '../jsonapi/fixtures/blog-resources'
import { render } from '../jsonapi/render'

interface Row {
  id: number
  title: string
}
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id, title: `Post ${id}` }))
const enc = (parameters: Record<string, number>, next = true) =>
  new Cursor(parameters, next).encode()

class RowResource extends JsonResource<Row> {
  @Field() id!: number
}

describe('CursorPaginator', () => {
  it('on the first page: drops the extra row, links only forward', () => {
    const page = new CursorPaginator(rows(1, 2, 3), { perPage: 2, parameters: ['id'], path: '/p' })
    expect(isPaginator(page)).toBe(true)
    expect([...page].map((r) => r.id)).toEqual([1, 2])
    expect(page.cursor()).toBeNull()
    expect(page.onFirstPage()).toBe(true)
    expect(page.hasMorePages()).toBe(true)
    expect(page.hasPages()).toBe(true)
    expect(page.previousCursor()).toBeNull()
    expect(page.nextCursor()?.toArray()).toEqual({ id: 2, _pointsToNextItems: true })
    expect(page.nextPageUrl()).toBe(`/p?cursor=${enc({ id: 2 })}`)
    expect(page.previousPageUrl()).toBeNull()
  })

  it('gives its JSON in the key order data, path, per_page, next/prev cursor and URL', () => {
    const cursor = enc({ id: 2 })
    const page = new CursorPaginator(rows(3, 4, 5), {
      perPage: 2,
      parameters: ['id'],
      path: '/p',
      cursor,
    })
    const json = page.toJSON()
    expect(Object.keys(json)).toEqual([
      'data',
      'path',
      'per_page',
      'next_cursor',
      'next_page_url',
      'prev_cursor',
      'prev_page_url',
    ])
    expect(json).toEqual({
      data: rows(3, 4),
      path: '/p',
      per_page: 2,
      next_cursor: enc({ id: 4 }),
      next_page_url: `/p?cursor=${enc({ id: 4 })}`,
      prev_cursor: enc({ id: 3 }, false),
      prev_page_url: `/p?cursor=${enc({ id: 3 }, false)}`,
    })
    expect(JSON.parse(JSON.stringify(page))).toEqual(json)
  })

  it('reverses rows fetched backwards, and knows the page it came from follows', () => {
    // fetched for a cursor before id 5, in descending order: 4, 3, and the extra 2
    const page = new CursorPaginator(rows(4, 3, 2), {
      perPage: 2,
      parameters: ['id'],
      cursor: new Cursor({ id: 5 }, false),
    })
    expect(page.items().map((r) => r.id)).toEqual([3, 4])
    expect(page.hasMorePages()).toBe(true)
    expect(page.onFirstPage()).toBe(false)
    expect(page.previousCursor()?.toArray()).toEqual({ id: 3, _pointsToNextItems: false })
    const first = new CursorPaginator(rows(2, 1), {
      perPage: 2,
      parameters: ['id'],
      cursor: new Cursor({ id: 3 }, false),
    })
    expect(first.items().map((r) => r.id)).toEqual([1, 2])
    expect(first.onFirstPage()).toBe(true)
    expect(first.previousPageUrl()).toBeNull()
    expect(first.nextCursor()?.toArray()).toEqual({ id: 2, _pointsToNextItems: true })
  })

  it("keeps its cursors through through(), which maps rows to values that lack the order's columns", () => {
    const fresh = () =>
      new CursorPaginator(rows(4, 5, 6), {
        perPage: 2,
        parameters: ['id'],
        cursor: new Cursor({ id: 3 }),
      })
    const expected = fresh()
    const mapped = fresh().through((row) => ({ label: row.title.toUpperCase() }))
    expect(mapped.items()).toEqual([{ label: 'POST 4' }, { label: 'POST 5' }])
    expect(mapped.nextCursor()?.parameters(['id'])).toEqual([5])
    expect(mapped.previousCursor()?.parameters(['id'])).toEqual([4])
    expect(mapped.nextPageUrl()).toBe(expected.nextPageUrl())
    expect(mapped.previousPageUrl()).toBe(expected.previousPageUrl())
    expect(mapped.nextCursor()?.encode()).toBe(expected.toJSON().next_cursor)
    // mapped to resources, as Laravel's through() is used: the collection renders with its links
    const resources = fresh().through((row) => new RowResource(row))
    const body = RowResource.collection(resources).toPayload() as {
      data: { id: number }[]
      meta: { next_cursor: string }
    }
    expect(body.data).toEqual([{ id: 4 }, { id: 5 }])
    expect(body.meta.next_cursor).toBe(expected.toJSON().next_cursor)
  })

  it("reads a JsonResource row's cursor values from its model, as Laravel does", () => {
    const page = new CursorPaginator(
      rows(1, 2, 3).map((row) => new RowResource(row)),
      { perPage: 2, parameters: ['id'] },
    )
    expect(page.nextCursor()?.parameters(['id'])).toEqual([2])
  })

  it('reads values by the full column name or the part after the last dot', () => {
    const page = new CursorPaginator(
      [
        { id: 1, s: 5 },
        { id: 2, s: null },
        { id: 3, s: 1 },
      ],
      {
        perPage: 2,
        parameters: ['s', 'posts.id'],
      },
    )
    expect(page.nextCursor()?.toArray()).toEqual({
      s: null,
      'posts.id': 2,
      _pointsToNextItems: true,
    })
  })

  it.each([Infinity, -Infinity, NaN])(
    'carries %p, which JSON has no number for, as its text (PostgreSQL reads it back)',
    (value) => {
      const items = [
        { id: 1, r: value },
        { id: 2, r: 1 },
      ]
      const page = new CursorPaginator(items, { perPage: 1, parameters: ['r', 'id'] })
      const next = Cursor.fromEncoded(page.nextCursor()!.encode())
      expect(next.parameter('r')).toBe(String(value))
      expect(next.parameter('id')).toBe(1)
    },
  )

  it('builds URLs like page URLs: appends, fragment, a path with a query, never a cursor key', () => {
    const page = new CursorPaginator(rows(1, 2), { perPage: 1, parameters: ['id'], path: '/p?x=1' })
    page.append('q', 'a b').append('cursor', 'ignored').fragment('list')
    expect(page.nextPageUrl()).toBe(`/p?x=1&cursor=${enc({ id: 1 })}&q=a%20b#list`)
    expect(page.url(null)).toBe('/p?x=1&q=a%20b#list')
    expect(new CursorPaginator([], { perPage: 1, parameters: ['id'], path: '/p' }).url(null)).toBe(
      '/p',
    )
  })

  it('takes the cursor and path from the request, and carries the other parameters', () => {
    const cursor = enc({ id: 1 })
    const page = runWithRequestContext(
      createRequestContext(`/api/p/?cursor=${cursor}&filter[a]=1&cursor[x]=2`),
      () => {
        try {
          return new CursorPaginator(rows(2, 3), { perPage: 1, parameters: ['id'] })
        } catch (error) {
          return error
        }
      },
    )
    expect(String(page)).toMatch(/more than once/)
    const ok = runWithRequestContext(
      createRequestContext(`/api/p/?cursor=${cursor}&filter[a]=1`),
      () => new CursorPaginator(rows(2, 3), { perPage: 1, parameters: ['id'] }).withQueryString(),
    )
    expect(ok.cursor()?.parameter('id')).toBe(1)
    expect(ok.nextPageUrl()).toBe(`/api/p?cursor=${enc({ id: 2 })}&filter%5Ba%5D=1`)
  })

  it('refuses a cursor that is not valid percent-encoding (never page 1), under its own name too', () => {
    const refused = (url: string, name?: string) =>
      runWithRequestContext(createRequestContext(url), () => {
        try {
          new CursorPaginator(rows(2, 3), {
            perPage: 1,
            parameters: ['id'],
            ...(name === undefined ? {} : { cursorName: name }),
          })
          return undefined
        } catch (error) {
          return error as InvalidCursorError
        }
      })
    const error = refused('/p?cursor=%ZZ')
    expect(error).toBeInstanceOf(InvalidCursorError)
    expect(error).toMatchObject({ status: 400, parameter: 'cursor' })
    expect(String(error)).toMatch(/not valid percent-encoding/)
    expect(refused('/p?after=%E0%A4%A', 'after')).toMatchObject({ parameter: 'after' })
    // another parameter that does not decode is not the cursor's business
    expect(refused('/p?q=%ZZ')).toBeUndefined()
  })

  it('is a collection source: links first/last null, cursor meta', () => {
    const page = new CursorPaginator(rows(3, 4, 5), {
      perPage: 2,
      parameters: ['id'],
      path: '/p',
      cursor: enc({ id: 2 }),
    })
    const payload = RowResource.collection(page).toPayload() as Record<string, unknown>
    expect(payload).toEqual({
      data: [{ id: 3 }, { id: 4 }],
      links: {
        first: null,
        last: null,
        prev: `/p?cursor=${enc({ id: 3 }, false)}`,
        next: `/p?cursor=${enc({ id: 4 })}`,
      },
      meta: {
        path: '/p',
        per_page: 2,
        next_cursor: enc({ id: 4 }),
        prev_cursor: enc({ id: 3 }, false),
      },
    })
    expect(Object.keys(payload.meta as object)).toEqual([
      'path',
      'per_page',
      'next_cursor',
      'prev_cursor',
    ])
    expect(new ResourceCollection(page).paginator).toBe(page)
  })

  it('is a JSON:API collection source: prev/next links and the cursor meta, schema-valid', () => {
    const posts = [10, 11, 12].map((id) => ({ id, title: `T${id}`, body: 'b' }))
    const page = new CursorPaginator(posts, { perPage: 2, parameters: ['id'], path: '/posts' })
    const doc = render(PostResource.collection(page), '/posts')
    expect(doc.data.map((d: { id: string }) => d.id)).toEqual(['10', '11'])
    expect(doc.links).toEqual({
      first: null,
      last: null,
      prev: null,
      next: `/posts?cursor=${enc({ id: 11 })}`,
    })
    expect(doc.meta).toEqual({
      path: '/posts',
      per_page: 2,
      next_cursor: enc({ id: 11 }),
      prev_cursor: null,
    })
  })

  it('renders the simple bar from its view data, and nothing on a single page', async () => {
    const page = new CursorPaginator(rows(4, 3, 2), {
      perPage: 2,
      parameters: ['id'],
      path: '/p',
      cursor: new Cursor({ id: 5 }, false),
    })
    const view = page.toViewData()
    expect(view).toMatchObject({ elements: [], hasPages: true, onFirstPage: false })
    const html = await page.links()
    expect(html).toContain('rel="prev"')
    expect(html).toContain('rel="next"')
    expect(html.replace(/&#x3D;/g, '=')).toContain(`href="/p?cursor=${enc({ id: 4 })}"`)
    expect(html).not.toContain('Showing')
    expect(await new CursorPaginator(rows(1), { perPage: 2, parameters: ['id'] }).links()).toBe('')
  })

  it('an empty page reached with a cursor links no way it has no URL for', async () => {
    for (const cursor of [new Cursor({ id: 1 }, false), new Cursor({ id: 100 }, true)]) {
      const page = new CursorPaginator([], { perPage: 3, parameters: ['id'], path: '/f', cursor })
      expect(page.toViewData()).toMatchObject({
        previousPageUrl: null,
        nextPageUrl: null,
        onFirstPage: true,
        hasMorePages: false,
      })
      const html = await page.links()
      expect(html).not.toContain('href=""')
      expect(html).not.toMatch(/rel="(prev|next)"/)
    }
  })

  it('refuses bad options: parameters, perPage, secret', () => {
    expect(() => new CursorPaginator([], { perPage: 2, parameters: [] })).toThrow(/parameters/)
    expect(() => new CursorPaginator([], { perPage: 0, parameters: ['id'] })).toThrow(/perPage/)
    expect(
      () => new CursorPaginator([], { perPage: 1, parameters: ['id'], cursorSecret: '' }),
    ).toThrow(/cursorSecret/)
    const page = new CursorPaginator([{ id: { nested: true } }, { id: 2 }], {
      perPage: 1,
      parameters: ['id'],
    })
    expect(() => page.nextCursor()).toThrow(/cursor column "id"/)
  })
})
