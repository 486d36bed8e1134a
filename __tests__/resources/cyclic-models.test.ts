// A cyclic model overflows the call stack while it renders: the answer is the package's error
// naming the class (not a bare RangeError), from toPayload(), JSON.stringify and the HTTP answer.
import 'reflect-metadata'
import { Field, JsonResource, ResourceError, WhenLoaded } from '../../src'
import { TO_RESPONSE } from '../../src/runtime/respondable'
import { thrownBy } from '../support/thrown'

interface Node {
  id: number
  parent?: Node
}

class NodeResource extends JsonResource<Node> {
  @Field() id!: number
  @WhenLoaded(() => NodeResource) parent?: NodeResource
}

class Whole extends JsonResource<Record<string, unknown>> {
  override toArray() {
    return this.resource
  }
}

function cyclicNode(): Node {
  const node: Node = { id: 1 }
  node.parent = node
  return node
}

function expectTooDeep(fn: () => unknown, name: string): void {
  const thrown = thrownBy(fn)
  expect(thrown).toBeInstanceOf(ResourceError)
  expect((thrown as ResourceError).code).toBe('ERR_OUTPUT_TOO_DEEP')
  expect((thrown as Error).message).toMatch(new RegExp(`^${name}: its output nests deeper`))
}

describe('a cyclic model', () => {
  it('through a loaded relation', () => {
    const resource = new NodeResource(cyclicNode())
    expectTooDeep(() => resource.toPayload(), 'NodeResource')
    expectTooDeep(() => JSON.stringify(resource), 'NodeResource')
    expectTooDeep(() => resource[TO_RESPONSE](), 'NodeResource')
    expectTooDeep(() => NodeResource.collection([cyclicNode()]).toPayload(), 'ResourceCollection')
  })

  it('through an object toArray() returns', () => {
    const model: Record<string, unknown> = { id: 1 }
    model.self = model
    expectTooDeep(() => new Whole(model).toPayload(), 'Whole')
  })

  it('a deep but finite model still renders', () => {
    let node: Node = { id: 0 }
    for (let i = 1; i <= 200; i++) node = { id: i, parent: node }
    const body = new NodeResource(node).toPayload() as { data: { id: number } }
    expect(body.data.id).toBe(200)
  })
})
