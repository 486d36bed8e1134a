// Runs the ```ts snippets of a README section (docs/readme/*.md) and compares what each prints with
// its `// =>` comments, so the README stays true. A snippet may use top-level await and decorators;
// `api-resources` and its subpaths resolve as in the suite that runs it (the jest project's
// mapping). Requests a snippet starts with supertest's `request(app).get(url).then(...)` are
// awaited before its output is compared.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from '@swc/core'

const DOCS = join(__dirname, '..', '..', 'docs', 'readme')

/** The ```ts blocks of docs/readme/<file>, in order. */
export function snippets(file: string): string[] {
  const text = readFileSync(join(DOCS, file), 'utf8')
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
}

/**
 * What a snippet says it prints: one line per `// =>` comment, in order, whether the comment has a
 * line of its own or ends a `console.log(...)` line (`// =>` alone stands for an empty line).
 */
export function expectedOutput(source: string): string[] {
  return [...source.matchAll(/\/\/ =>(.*)$/gm)].map((m) => m[1].trim())
}

type Run = (...args: unknown[]) => Promise<void>
const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => Run

/** Wraps supertest so that the requests a snippet starts are collected in `pending`. */
function collectingSupertest(pending: Promise<unknown>[]) {
  const supertest = require('supertest') as (app: unknown) => Record<string, Function>
  return (app: unknown) => ({
    get: (url: string) => {
      const test = supertest(app).get(url)
      return { then: (cb: (res: unknown) => void) => pending.push(test.then(cb)) }
    },
  })
}

/** Runs one snippet and returns the lines it printed with console.log (each trimmed). */
export async function runSnippet(source: string): Promise<string[]> {
  const { code } = transformSync(source, {
    filename: 'snippet.ts',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      target: 'es2022',
    },
    module: { type: 'commonjs', ignoreDynamic: true },
  })
  const printed: string[] = []
  const pending: Promise<unknown>[] = []
  const fakeConsole = { log: (...args: unknown[]) => printed.push(args.map(String).join(' ')) }
  const load = (id: string): unknown =>
    id === 'supertest' ? collectingSupertest(pending) : require(id)
  await new AsyncFunction('require', 'exports', 'console', code)(load, {}, fakeConsole)
  await Promise.all(pending)
  return printed.map((line) => line.trim())
}

/** One test per snippet of docs/readme/<file>: it prints what its `// =>` comments say. */
export function describeReadmeSnippets(file: string, options: { atLeast: number }): void {
  describe(`docs/readme/${file}`, () => {
    const blocks = snippets(file)

    it(`has at least ${options.atLeast} snippets`, () => {
      expect(blocks.length).toBeGreaterThanOrEqual(options.atLeast)
    })

    it.each(blocks.map((block, i) => [i + 1, block] as const))(
      'snippet %i prints what its comments say',
      async (_i, block) => {
        expect(await runSnippet(block)).toEqual(expectedOutput(block))
      },
    )
  })
}
