import 'reflect-metadata'
import { transformSync } from '@swc/core'
import * as api from '../../src'

// The same resource source, compiled with useDefineForClassFields true and false (legacy decorators
// + metadata, as a user's tsconfig would), then evaluated: both must give the same payload.
const SOURCE = `
import { Field, JsonResource, MergeWhen, When, WhenCounted, WhenLoaded, WhenNotNull } from 'api-resources'

export class AuthorResource extends JsonResource<any> {
  @Field() name!: string
}

export class PostResource extends JsonResource<any> {
  @Field() id!: number
  @Field({ from: 'headline' }) title!: string
  @Field() get upper(): string { return this.resource.headline.toUpperCase() }
  @WhenNotNull() subtitle?: string
  @When((p: any) => p.id > 0) visible!: boolean
  @WhenLoaded() author!: AuthorResource
  @WhenCounted() comments_count!: number
  @MergeWhen(() => true) get extra() { return { merged: true } }
  plain = 'not decorated'
}
`

function load(useDefineForClassFields: boolean): { code: string; exports: Record<string, any> } {
  const { code } = transformSync(SOURCE, {
    filename: 'fixture.ts',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  })
  const exports: Record<string, any> = {}
  const req = (id: string) => (id === 'api-resources' ? api : require(id))
  new Function('require', 'exports', 'module', code)(req, exports, { exports })
  return { code, exports }
}

describe('decorators with useDefineForClassFields true and false', () => {
  const model = {
    id: 1,
    headline: 'hello',
    subtitle: null,
    visible: true,
    author: { name: 'ann', secret: 'x' },
    comments_count: 2,
  }
  const expected = {
    data: {
      id: 1,
      title: 'hello',
      upper: 'HELLO',
      visible: true,
      author: { name: 'ann' },
      comments_count: 2,
      merged: true,
    },
  }

  it.each([true, false])('useDefineForClassFields = %s gives the same payload', (flag) => {
    const { code, exports } = load(flag)
    // the two settings really differ in the emitted class fields
    if (flag) expect(code).toMatch(/^\s*id;$/m)
    else expect(code).not.toMatch(/^\s*id;$/m)
    const r = new exports.PostResource(model)
    expect(r.toPayload()).toEqual(expected)
    expect(exports.PostResource.collection([model]).toPayload()).toEqual({ data: [expected.data] })
  })
})
