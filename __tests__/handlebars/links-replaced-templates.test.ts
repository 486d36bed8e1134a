// Registering namespaces on any Handlebars instance also registers them for `paginator.links()`,
// which has one registry for the whole process (it has no instance to ask), so replacing the
// `pagination` namespace here replaces it for every later `links()` call. Jest gives each test
// file its own modules: no other file sees the change.
import Handlebars from 'handlebars'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerPaginationHelpers } from '../../src/integrations/handlebars'
import { lengthAware, simple } from './html-inspect'

const VIEW = '{{paginationLinks p}}'

it('a `pagination` namespace replaces the package templates for its instance and links()', async () => {
  expect(await simple(2, true).links()).toContain('<nav')
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-ns-'))
  writeFileSync(join(dir, 'default.hbs'), 'mine {{currentPage}}')
  writeFileSync(join(dir, 'simple.hbs'), 'mine simple')
  const mine = Handlebars.create()
  registerPaginationHelpers(mine, { namespaces: { pagination: dir } })
  expect(mine.compile(VIEW)({ p: lengthAware(2, 30) })).toBe('mine 2')
  expect(mine.compile(VIEW)({ p: simple(2, true) })).toBe('mine simple')
  expect(await simple(2, true).links()).toBe('mine simple')
  expect(await lengthAware(2, 30).links()).toBe('mine 2')

  const other = Handlebars.create()
  registerPaginationHelpers(other)
  expect(other.compile(VIEW)({ p: simple(2, true) })).toContain('<nav')
})
