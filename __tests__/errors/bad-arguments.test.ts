// Arguments of the wrong type get the package's error naming the argument, where they are given:
// never a foreign TypeError later, a wrong link or a process that runs out of memory.
import 'reflect-metadata'
import {
  ApiResourcesError,
  ArgumentError,
  Field,
  JsonResource,
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  queryPlan,
} from '../../src'
import { thrownBy } from '../support/thrown'

const page = () =>
  new LengthAwarePaginator([1], { total: 10, perPage: 2, currentPage: 1, path: '/p' })

function expectArgumentError(fn: () => unknown, code: string, names: string): void {
  const thrown = thrownBy(fn)
  expect(thrown).toBeInstanceOf(ArgumentError)
  expect(thrown).toBeInstanceOf(ApiResourcesError)
  expect((thrown as ArgumentError).code).toBe(code)
  expect((thrown as Error).message).toContain(names)
}

class PlainResource extends JsonResource<{ id: number }> {
  @Field() id!: number
}

describe('bad arguments', () => {
  it('url(n) refuses a page whose offset is not a safe integer (it would read back as page 1)', () => {
    expectArgumentError(() => page().url(1e21), 'ERR_PAGE', 'page')
    expectArgumentError(() => page().url(2 ** 53 + 2), 'ERR_PAGE', 'perPage 2')
    expect(page().url(2 ** 52)).toBe(`/p?page=${2 ** 52}`)
    expect(page().url(-5)).toBe('/p?page=1')
  })

  it('onEachSide(n) takes 0 to 1000, so a huge total cannot make a window of millions of links', () => {
    const huge = new LengthAwarePaginator([1], {
      total: 1e15,
      perPage: 1,
      currentPage: 5e14,
      path: '/p',
    })
    expectArgumentError(() => huge.onEachSide(1e7), 'ERR_ON_EACH_SIDE', 'onEachSide')
    expect(huge.onEachSide(1000).toJSON().links).toHaveLength(2 + 2 * 1000 + 1 + 2 * 3)
  })

  it('fragment() takes a string or null, checked when it is called', () => {
    expectArgumentError(() => page().fragment(5 as never), 'ERR_ARGUMENT', 'fragment')
    expectArgumentError(() => page().fragment({} as never), 'ERR_ARGUMENT', 'fragment')
    expect(page().fragment('top').fragment(null).url(2)).toBe('/p?page=2')
  })

  it('through() takes a function', () => {
    expectArgumentError(() => page().through(5 as never), 'ERR_ARGUMENT', 'through(fn)')
    const simple = new Paginator([1], { perPage: 1, currentPage: 1, path: '/p' })
    expect(simple.through((n) => n * 2).items()).toEqual([2])
  })

  it('additional() takes an object of top-level keys', () => {
    for (const bad of [null, 'xy', [1, 2], 5])
      expectArgumentError(
        () => new PlainResource({ id: 1 }).additional(bad as never),
        'ERR_ARGUMENT',
        'additional(mapping)',
      )
  })

  it('a mergeWhen() mapping is an object, a list, a resource or a collection', () => {
    class Merging extends JsonResource<{ id: number }> {
      override toArray() {
        return { id: this.resource.id, ...this.mergeWhen(true, 'xy' as never as object) }
      }
    }
    expectArgumentError(() => new Merging({ id: 1 }).toPayload(), 'ERR_ARGUMENT', 'mergeWhen()')
    class Skipped extends JsonResource<{ id: number }> {
      override toArray() {
        return { id: this.resource.id, ...this.mergeWhen(false, 'xy' as never as object) }
      }
    }
    // the mapping is read only when the condition holds (it may be a thunk of a relation)
    expect(new Skipped({ id: 1 }).toPayload()).toEqual({ data: { id: 1 } })
  })

  it("createRequestContext() takes the request's URL as a string", () => {
    expectArgumentError(() => createRequestContext(null as never), 'ERR_ARGUMENT', 'url')
    expectArgumentError(() => createRequestContext(5 as never), 'ERR_ARGUMENT', 'url')
  })

  it('queryPlan() takes a resource class and an options object whose query is a string', () => {
    expectArgumentError(() => queryPlan(null as never), 'ERR_RESOURCE_CLASS', 'resourceClass')
    expectArgumentError(() => queryPlan({} as never), 'ERR_RESOURCE_CLASS', 'resourceClass')
    expectArgumentError(() => queryPlan(PlainResource, null as never), 'ERR_ARGUMENT', 'options')
    expectArgumentError(
      () => queryPlan(PlainResource, { query: 5 as never }),
      'ERR_ARGUMENT',
      'query',
    )
    expect(queryPlan(PlainResource, { query: '' }).orderKey).toBe('id')
  })
})
