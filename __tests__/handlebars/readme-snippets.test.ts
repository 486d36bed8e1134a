// Runs every ```ts snippet of docs/readme/html-bar.md (top-level await allowed) and checks that
// what it prints matches its `// =>` comments, so the README section stays true.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from '@swc/core'

const README = join(__dirname, '..', '..', 'docs', 'readme', 'html-bar.md')
const ENTRIES: Record<string, string> = {
  'api-resources': '../../src',
  'api-resources/handlebars': '../../src/integrations/handlebars',
  'api-resources/express': '../../src/integrations/express',
  'api-resources/knex': '../../src/adapters/knex',
}

function snippets(): string[] {
  return [...readFileSync(README, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
}

/** What the snippet says it prints: one line per `// =>` comment, in order. */
function expectedOutput(source: string): string[] {
  return [...source.matchAll(/\/\/ =>(.*)$/gm)].map((m) => m[1].trim())
}

async function run(source: string): Promise<string[]> {
  const { code } = transformSync(source, {
    filename: 'snippet.ts',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs', ignoreDynamic: true },
  })
  const printed: string[] = []
  const fakeConsole = { log: (...args: unknown[]) => printed.push(args.map(String).join(' ')) }
  const req = (id: string) => require(ENTRIES[id] ?? id)
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>
  await new AsyncFunction('require', 'exports', 'console', code)(req, {}, fakeConsole)
  return printed
}

describe('docs/readme/html-bar.md', () => {
  it.each(snippets().map((s, i) => [i + 1, s] as const))(
    'snippet %i prints what it says',
    async (_i, source) => {
      expect((await run(source)).map((l) => l.trim())).toEqual(expectedOutput(source))
    },
  )
})
