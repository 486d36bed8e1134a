// Runs every ```ts snippet of docs/readme/resources.md and checks that what it prints matches its
// `// =>` comments, so the README section stays true.
import 'reflect-metadata'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from '@swc/core'
import * as api from '../../src'

const README = join(__dirname, '..', '..', 'docs', 'readme', 'resources.md')

function snippets(): string[] {
  const text = readFileSync(README, 'utf8')
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
}

function run(source: string): string[] {
  const { code } = transformSync(source, {
    filename: 'snippet.ts',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  })
  const printed: string[] = []
  const fakeConsole = { log: (...args: unknown[]) => printed.push(args.map(String).join(' ')) }
  const req = (id: string) => (id === 'api-resources' ? api : require(id))
  new Function('require', 'exports', 'console', code)(req, {}, fakeConsole)
  return printed
}

describe('docs/readme/resources.md', () => {
  const blocks = snippets()

  it('has snippets', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5)
  })

  it.each(blocks.map((b, i) => [i + 1, b]))(
    'snippet %i prints what its comments say',
    (_i, block) => {
      const expected = [...(block as string).matchAll(/^\/\/ => (.*)$/gm)].map((m) => m[1])
      expect(run(block as string)).toEqual(expected)
    },
  )
})
