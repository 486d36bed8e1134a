// Runs every ```ts snippet of docs/readme/jsonapi.md and checks that what it prints matches its
// `// =>` comments, so the README section stays true.
import 'reflect-metadata'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { transformSync } from '@swc/core'
import * as api from '../../src'
import * as expressApi from '../../src/integrations/express'

const README = join(__dirname, '..', '..', 'docs', 'readme', 'jsonapi.md')

function snippets(): string[] {
  const text = readFileSync(README, 'utf8')
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
}

async function run(source: string): Promise<string[]> {
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
  const pending: Promise<unknown>[] = []
  const fakeConsole = { log: (...args: unknown[]) => printed.push(args.map(String).join(' ')) }
  const req = (id: string): unknown => {
    if (id === 'api-resources') return api
    if (id === 'api-resources/express') return expressApi
    if (id === 'supertest') {
      // collect the requests a snippet starts, so the test can wait for them
      const supertest = require('supertest') as (app: unknown) => Record<string, Function>
      return (app: unknown) => ({
        get: (url: string) => {
          const test = supertest(app).get(url)
          return { then: (cb: (res: unknown) => void) => pending.push(test.then(cb)) }
        },
      })
    }
    return require(id)
  }
  new Function('require', 'exports', 'console', code)(req, {}, fakeConsole)
  await Promise.all(pending)
  return printed
}

describe('docs/readme/jsonapi.md', () => {
  const blocks = snippets()

  it('has snippets', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2)
  })

  it.each(blocks.map((b, i) => [i + 1, b]))(
    'snippet %i prints what its comments say',
    async (_i, block) => {
      const expected = [...(block as string).matchAll(/^\/\/ => (.*)$/gm)].map((m) => m[1])
      expect(await run(block as string)).toEqual(expected)
    },
  )
})
