// The missing-request-context warning names the fix of the framework the process has loaded (read
// from Node's module cache), NestJS alone when Nest runs on Express, and every framework's fix when
// it cannot tell. Each case runs in its own Node process over the built package.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '../..')

/** The warning a process prints after loading `frameworks` and building a page with no context. */
function warningAfterLoading(frameworks: string[]): string {
  const script = `
    ${frameworks.map((name) => `require(${JSON.stringify(name)})`).join('\n')}
    const { LengthAwarePaginator } = require('api-resources')
    process.on('warning', (w) => {
      if (w.code === 'API_RESOURCES_NO_REQUEST_CONTEXT') process.stdout.write(w.message)
    })
    JSON.stringify(new LengthAwarePaginator([1, 2], { total: 10, perPage: 2 }))
  `
  return execFileSync(process.execPath, ['-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'development' },
  })
}

const FIXES = {
  Express: 'Express app.use(apiResources())',
  Fastify: 'Fastify await app.register(apiResources())',
  Hono: 'Hono app.use(apiResources())',
  NestJS: 'NestJS imports: [ApiResourcesModule.forRoot()]',
}

function expectFixes(text: string, named: (keyof typeof FIXES)[]): void {
  expect(text).toContain('outside a request context')
  for (const [framework, fix] of Object.entries(FIXES))
    if (named.includes(framework as keyof typeof FIXES)) expect(text).toContain(fix)
    else expect(text).not.toContain(fix)
}

describe('the missing-context warning names the framework in use', () => {
  it('Express', () => expectFixes(warningAfterLoading(['express']), ['Express']))
  it('Fastify', () => expectFixes(warningAfterLoading(['fastify']), ['Fastify']))
  it('NestJS on Express', () =>
    expectFixes(warningAfterLoading(['express', '@nestjs/core']), ['NestJS']))
  it('every framework when none is loaded', () =>
    expectFixes(warningAfterLoading([]), ['Express', 'Fastify', 'Hono', 'NestJS']))
})
