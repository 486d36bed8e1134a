// A to-many relation loaded as a Set renders as a list, like an array: its items are kept.
import 'reflect-metadata'
import { Field, JsonResource, ResourceCollection, WhenLoaded } from '../../src'

interface Node {
  id: number
  kids?: Iterable<Node>
}

class NodeResource extends JsonResource<Node> {
  @Field() id!: number
  @WhenLoaded(() => [NodeResource]) kids?: NodeResource[]
}

class NodeCollection extends ResourceCollection<NodeResource> {
  static override collects = () => NodeResource
}

class ThroughCollection extends JsonResource<Node> {
  @Field() id!: number
  @WhenLoaded(() => NodeCollection) kids?: NodeCollection
}

describe('a relation loaded as a Set', () => {
  it('renders its items through the resource, in order', () => {
    const node = { id: 1, kids: new Set([{ id: 2 }, { id: 3, kids: new Set<Node>() }]) }
    expect(new NodeResource(node).toPayload()).toEqual({
      data: { id: 1, kids: [{ id: 2 }, { id: 3, kids: [] }] },
    })
  })

  it('renders its items through a collection class', () => {
    const node = { id: 1, kids: new Set([{ id: 2 }, { id: 3 }]) }
    expect(new ThroughCollection(node).toPayload()).toEqual({
      data: { id: 1, kids: [{ id: 2 }, { id: 3 }] },
    })
  })
})
