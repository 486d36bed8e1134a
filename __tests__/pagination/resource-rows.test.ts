// A page whose rows are resources (Laravel's `$paginator->through(fn ($m) => new PostResource($m))`):
// its JSON writes each row as a resource nested in another's output, without the wrap key.
import 'reflect-metadata'
import {
  Cursor,
  CursorPaginator,
  Field,
  JsonResource,
  LengthAwarePaginator,
  MISSING,
  Paginator,
} from '../../src'

interface Row {
  id: number
  big?: bigint
}
class RowResource extends JsonResource<Row | null> {
  @Field() id!: number
}
class WrappedAs extends JsonResource<Row> {
  static override wrap = 'row'
  override toArray() {
    return { id: this.resource.id, big: this.resource.big }
  }
}

const rows: Row[] = [{ id: 1 }, { id: 2 }]
const parse = (page: object) => JSON.parse(JSON.stringify(page)) as { data: unknown[] }

describe('a page of resources', () => {
  it('writes each resource row unwrapped, on every kind of paginator', () => {
    const pages = [
      new LengthAwarePaginator(rows, { total: 2, perPage: 2, currentPage: 1, path: '/p' }),
      new Paginator(rows, { perPage: 2, currentPage: 1, path: '/p' }),
      new CursorPaginator(rows, { perPage: 2, parameters: ['id'], path: '/p' }),
    ]
    for (const page of pages) {
      const mapped = page.through((row) => new RowResource(row))
      expect(parse(mapped).data).toEqual([{ id: 1 }, { id: 2 }])
      expect((mapped.toJSON() as { data: unknown[] }).data).toEqual([{ id: 1 }, { id: 2 }])
      // the rows themselves stay resources
      expect(mapped.items()[0]).toBeInstanceOf(RowResource)
    }
  })

  it('ignores a custom wrap key, writes a bigint as a string, null for a resource over nothing', () => {
    const page = new Paginator<unknown>(
      [
        new WrappedAs({ id: 1, big: 2n ** 70n }),
        new RowResource(null),
        new RowResource(MISSING),
        RowResource.collection([{ id: 3 }]),
        { id: 4 },
      ],
      { perPage: 5, currentPage: 1, path: '/p' },
    )
    expect(parse(page).data).toEqual([
      { id: 1, big: '1180591620717411303424' },
      null,
      null,
      [{ id: 3 }],
      { id: 4 },
    ])
  })

  it('keeps the cursor read from the models', () => {
    const page = new CursorPaginator(
      [{ id: 1 }, { id: 2 }, { id: 3 }].map((row) => new RowResource(row)),
      { perPage: 2, parameters: ['id'], path: '/p', cursor: new Cursor({ id: 0 }) },
    )
    const json = page.toJSON()
    expect(json.data).toEqual([{ id: 1 }, { id: 2 }])
    expect(Cursor.fromEncoded(json.next_cursor)?.parameter('id')).toBe(2)
  })
})
