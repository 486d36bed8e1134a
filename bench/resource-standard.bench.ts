// The resource-shaping scenario of resource.bench.ts with the resource classes compiled under
// TypeScript's standard (TC39) decorators: no experimentalDecorators, no emitDecoratorMetadata, no
// reflect-metadata. The classes are compiled from source with TypeScript at setup (not timed); the
// output must equal the hand-written JSON.
import ts from 'typescript'
import * as api from '../src'
import type { BenchOp, Scenario } from './harness'
import { handWritten, makePosts, type Post } from './resource.bench'

const SOURCE = `
import { Field, JsonResource, When, WhenCounted, WhenLoaded, WhenNotNull,
  type Nested,
} from 'api-resources'

export class AuthorResource extends JsonResource<any> {
  @Field() id!: number
  @Field() name!: string
  @Field() email!: string
}

export class PostResource extends JsonResource<any> {
  @Field() id!: number
  @Field() title!: string
  @Field() body!: string
  @Field({ from: 'url_slug' }) slug!: string
  @Field() status!: string
  @Field() views!: number
  @Field() created_at!: Date
  @Field() updated_at!: Date
  @WhenNotNull() subtitle?: string
  @When((post: any) => post.featured) published_at!: string
  @WhenLoaded(() => AuthorResource) author?: Nested<typeof AuthorResource>
  @WhenCounted() comments_count!: number
}
`

interface Compiled {
  PostResource: { collection(items: Post[]): { toPayload(): unknown } }
}

/** The classes above, compiled with standard decorators and loaded against this checkout's source. */
function standardClasses(): Compiled {
  const { outputText, diagnostics } = ts.transpileModule(SOURCE, {
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      experimentalDecorators: false,
      emitDecoratorMetadata: false,
      useDefineForClassFields: true,
    },
  })
  if (diagnostics !== undefined && diagnostics.length > 0)
    throw new Error(ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n'))
  if (outputText.includes('__metadata') || !outputText.includes('__esDecorate'))
    throw new Error('the resource classes were not compiled with standard decorators')
  const exports: Record<string, unknown> = {}
  const load = (id: string): unknown => {
    if (id === 'api-resources') return api
    throw new Error(`unexpected import ${id}`)
  }
  new Function('require', 'exports', outputText)(load, exports)
  return exports as unknown as Compiled
}

let expected: string | undefined

const scenario: Scenario = {
  name: 'resource, standard (TC39) decorators: 1000 posts shaped + JSON.stringify',
  baseline: 'hand-written',
  subject: 'api-resources (standard decorators)',
  maxRatio: 1.15,
  cases: [
    {
      name: 'hand-written',
      setup(): BenchOp {
        const posts = makePosts()
        return () => handWritten(posts)
      },
    },
    {
      name: 'api-resources (standard decorators)',
      setup(): BenchOp {
        const posts = makePosts()
        const { PostResource } = standardClasses()
        const run = () => JSON.stringify(PostResource.collection(posts).toPayload())
        expected ??= handWritten(posts)
        if (run() !== expected)
          throw new Error('standard-decorator resources differ from hand-written')
        return run
      },
    },
  ],
}

export default scenario
