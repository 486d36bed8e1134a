// The ```ts snippets of the guides (docs/guide/*.md). Each one is either
// - runnable: a whole program. `describeGuideSnippets(page)` runs it and compares what it prints
//   with its `// =>` comments; it may use top-level await and decorators, and `api-resources` and
//   its subpaths resolve as in the suite that runs it (the jest project's mapping). Requests it
//   starts with supertest's `request(app).get(url).then(...)` are awaited before its output is
//   compared; or
// - a fragment: the line before its fence is `<!-- fragment: <context> -->`, and it is compiled
//   after the declarations of docs/snippets/<context>.ts (the models, the `db`, the `app` it
//   refers to), never run.
// Both kinds are type-checked against the built package's declarations by
// __tests__/docs/snippet-types.test.ts (`snippetProgram()`).
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from '@swc/core'

export const DOCS = join(__dirname, '..', '..', 'docs')
export const GUIDE = join(DOCS, 'guide')
export const CONTEXTS = join(DOCS, 'snippets')

/** A ```ts block of a guide page. */
export interface Snippet {
  readonly page: string
  /** 1-based, in page order, counting runnable blocks and fragments alike. */
  readonly index: number
  /** The line of the page its code starts on (1-based). */
  readonly line: number
  readonly source: string
  /** The docs/snippets/<context>.ts a fragment is compiled in. */
  readonly context?: string
}

/** The guide pages (file names), in name order. */
export function guidePages(): string[] {
  return readdirSync(GUIDE)
    .filter((f) => f.endsWith('.md'))
    .sort()
}

/** Every ```ts block of docs/guide/<page>, fragments included, in order. */
export function pageSnippets(page: string): Snippet[] {
  const text = readFileSync(join(GUIDE, page), 'utf8')
  const blocks = [...text.matchAll(/(?:<!-- fragment: ([\w-]+) -->\n\s*)?```ts\n([\s\S]*?)```/g)]
  return blocks.map((m, i) => ({
    page,
    index: i + 1,
    line: text.slice(0, m.index + m[0].indexOf('```ts')).split('\n').length + 1,
    source: m[2],
    context: m[1],
  }))
}

/** The runnable ```ts blocks of docs/guide/<page> (fragments left out), in order. */
export function snippets(page: string): string[] {
  return pageSnippets(page)
    .filter((s) => s.context === undefined)
    .map((s) => s.source)
}

/** The info strings of every code fence of a page (`ts`, `json`, `console`, ...). */
export function fenceLanguages(page: string): string[] {
  const text = readFileSync(join(GUIDE, page), 'utf8')
  return [...text.matchAll(/^```(\S.*)$/gm)].map((m) => m[1])
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

/**
 * Wraps supertest so that the requests a snippet starts (`request(app).get(url).then(...)`, with any
 * `.set()` / `.send()` before `.then`) are collected in `pending`.
 */
function collectingSupertest(pending: Promise<unknown>[]) {
  const supertest = require('supertest') as (app: unknown) => Record<string | symbol, unknown>
  type Test = PromiseLike<unknown> & { then: PromiseLike<unknown>['then'] }
  return (app: unknown) =>
    new Proxy(supertest(app), {
      get(target, prop) {
        const method = target[prop]
        if (typeof method !== 'function') return method
        return (...args: unknown[]) => {
          const test = method.apply(target, args) as Test
          const then = test.then.bind(test)
          test.then = (ok, fail) => {
            const promise = then(ok, fail)
            pending.push(Promise.resolve(promise))
            return promise
          }
          return test
        }
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

/** One test per runnable snippet of docs/guide/<page>: it prints what its `// =>` comments say. */
export function describeGuideSnippets(page: string, options: { atLeast: number }): void {
  describe(`docs/guide/${page}`, () => {
    const blocks = snippets(page)

    it(`has at least ${options.atLeast} runnable snippets`, () => {
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

/** A file of the type-checking program: a snippet as a module of its own. */
export interface SnippetFile {
  readonly name: string
  readonly text: string
  readonly snippet: Snippet
  /** Lines before the snippet's first line in `text` (a fragment's context). */
  readonly offset: number
}

/**
 * Every ```ts block of every guide page as a module: a runnable one as it is, a fragment after its
 * context's text.
 */
export function snippetProgram(): SnippetFile[] {
  const files: SnippetFile[] = []
  for (const page of guidePages()) {
    for (const snippet of pageSnippets(page)) {
      const context =
        snippet.context === undefined
          ? ''
          : readFileSync(join(CONTEXTS, `${snippet.context}.ts`), 'utf8')
      const base = page.replace(/\.md$/, '')
      files.push({
        name: `${base}-${snippet.index}.ts`,
        text: `${context}${snippet.source}\nexport {}\n`,
        snippet,
        offset: context.split('\n').length - 1,
      })
    }
  }
  return files
}
