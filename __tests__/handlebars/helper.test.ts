import Handlebars from 'handlebars'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ArgumentError } from '../../src/errors'
import {
  PaginationTemplateError,
  registerPaginationHelpers,
} from '../../src/integrations/handlebars'
import { describeBar, lengthAware, PAGE_10_OF_20_ONE_EACH_SIDE, simple } from './html-inspect'

function freshHandlebars(options?: Parameters<typeof registerPaginationHelpers>[1]) {
  const hb = Handlebars.create()
  registerPaginationHelpers(hb, options)
  return hb
}

function namespaceFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-ns-'))
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, `${name}.hbs`), source)
  }
  return dir
}

describe('{{paginationLinks}}', () => {
  it('renders the same HTML as paginator.links(), unescaped, for both kinds', async () => {
    const hb = freshHandlebars()
    const view = hb.compile('<main>{{paginationLinks posts}}</main>')
    for (const p of [lengthAware(3, 100), simple(2, true)]) {
      const html = view({ posts: p })
      expect(html).toBe(`<main>${await p.links()}</main>`)
      expect(html).toContain('<nav aria-label="Pagination"')
    }
  })

  it('picks the default template by paginator kind', () => {
    const hb = freshHandlebars()
    const view = hb.compile('{{paginationLinks p}}')
    expect(view({ p: lengthAware(3, 100) })).toContain('aria-current="page"')
    expect(view({ p: simple(3, true) })).not.toContain('aria-current')
  })

  it('uses the template it is given', async () => {
    const hb = freshHandlebars()
    const p = lengthAware(3, 100)
    const html = hb.compile('{{paginationLinks p "pagination::simple"}}')({ p })
    expect(html).toBe(await p.links('pagination::simple'))
    expect(html).not.toContain('Go to page')
  })

  it("never lets Handlebars' trailing options argument leak into the output", () => {
    const hb = freshHandlebars()
    const p = lengthAware(3, 100)
    const html = hb.compile('{{paginationLinks p}}|{{paginationLinks p missing}}')({ p })
    const [a, b] = html.split('|')
    expect(a).toBe(b)
    expect(html).not.toMatch(/\[object Object\]|undefined|lookupProperty/)
  })

  it('returns a SafeString of the instance it was registered on', () => {
    const hb = freshHandlebars()
    const helper = hb.helpers.paginationLinks as (...args: unknown[]) => unknown
    const result = helper(lengthAware(2, 30), { hash: {}, data: {} })
    expect(result).toBeInstanceOf(hb.SafeString)
  })

  it('follows onEachSide(n) like links() does', async () => {
    const p = lengthAware(10, 200).onEachSide(1)
    const html = freshHandlebars().compile('{{paginationLinks p}}')({ p })
    expect(html).toBe(await p.links())
    expect(describeBar(html)).toEqual(PAGE_10_OF_20_ONE_EACH_SIDE)
  })

  it('renders nothing for a single page', () => {
    expect(freshHandlebars().compile('[{{paginationLinks p}}]')({ p: lengthAware(1, 3) })).toBe(
      '[]',
    )
  })

  it('fails clearly when the value is not a paginator', () => {
    const view = freshHandlebars().compile('{{paginationLinks nothing}}')
    expect(() => view({})).toThrow(ArgumentError)
    expect(() => view({})).toThrow(
      'paginator must be a paginator (an object with toViewData()); got undefined',
    )
    expect(() => view({ nothing: [1, 2] })).toThrow('got an array of 2')
  })

  it('refuses what is not a Handlebars instance', () => {
    expect(() => registerPaginationHelpers({} as never)).toThrow(
      'handlebars must be a Handlebars instance; got an object',
    )
  })
})

describe('template namespaces', () => {
  const pager = [
    '<div class="pager" data-kind="{{#if paginator}}has-paginator{{/if}}">',
    '{{currentPage}}/{{lastPage}}{{#each elements}}{{#each this}} {{page}}{{else}} gap{{/each}}{{/each}}',
    '</div>',
  ].join('')

  it('renders a template of a registered namespace, with the paginator as `paginator`', () => {
    const dir = namespaceFolder({ pager, 'nested/pager': 'nested {{currentPage}}' })
    const hb = freshHandlebars({ namespaces: { admin: dir } })
    const p = lengthAware(2, 30)
    expect(hb.compile('{{paginationLinks p "admin::pager"}}')({ p })).toBe(
      '<div class="pager" data-kind="has-paginator">2/3 1 2 3</div>',
    )
    expect(hb.compile('{{paginationLinks p "admin::nested/pager"}}')({ p })).toBe('nested 2')
  })

  it('makes registered namespaces known to paginator.links()', async () => {
    const dir = namespaceFolder({ pager })
    freshHandlebars({ namespaces: { shared: dir } })
    expect(await lengthAware(12, 200).links('shared::pager')).toBe(
      '<div class="pager" data-kind="has-paginator">12/20 1 2 gap 9 10 11 12 13 14 15 gap 19 20</div>',
    )
  })

  it('resolves relative folders against the working directory', async () => {
    const dir = namespaceFolder({ pager: 'relative {{currentPage}}' })
    const cwd = process.cwd()
    try {
      process.chdir(join(dir, '..'))
      freshHandlebars({ namespaces: { rel: join('.', dir.split(/[\\/]/).pop()!) } })
    } finally {
      process.chdir(cwd)
    }
    expect(await lengthAware(2, 30).links('rel::pager')).toBe('relative 2')
  })

  it('compiles each template once per Handlebars instance (cached)', () => {
    const dir = namespaceFolder({ pager: 'first {{currentPage}}' })
    const hb = freshHandlebars({ namespaces: { cached: dir } })
    const view = hb.compile('{{paginationLinks p "cached::pager"}}')
    expect(view({ p: lengthAware(2, 30) })).toBe('first 2')
    writeFileSync(join(dir, 'pager.hbs'), 'second {{currentPage}}')
    expect(view({ p: lengthAware(3, 30) })).toBe('first 3') // not read again
    const other = freshHandlebars({ namespaces: { cached: dir } }) // compiles its own copy
    expect(other.compile('{{paginationLinks p "cached::pager"}}')({ p: lengthAware(3, 30) })).toBe(
      'second 3',
    )
  })

  it('lets templates use helpers of the instance they are rendered with', () => {
    const dir = namespaceFolder({ pager: '{{shout "page"}} {{currentPage}}' })
    const hb = freshHandlebars({ namespaces: { helpers: dir } })
    hb.registerHelper('shout', (s: string) => s.toUpperCase())
    expect(hb.compile('{{paginationLinks p "helpers::pager"}}')({ p: lengthAware(2, 30) })).toBe(
      'PAGE 2',
    )
  })

  it('keeps namespaces per Handlebars instance, and adds to them', () => {
    const a = freshHandlebars({ namespaces: { one: namespaceFolder({ pager: 'one' }) } })
    registerPaginationHelpers(a, { namespaces: { two: namespaceFolder({ pager: 'two' }) } })
    const p = lengthAware(2, 30)
    expect(
      a.compile('{{paginationLinks p "one::pager"}}{{paginationLinks p "two::pager"}}')({ p }),
    ).toBe('onetwo')
    const b = freshHandlebars({ namespaces: { two: namespaceFolder({ pager: 'other two' }) } })
    expect(b.compile('{{paginationLinks p "two::pager"}}')({ p })).toBe('other two')
    expect(a.compile('{{paginationLinks p "two::pager"}}')({ p })).toBe('two')
    expect(() => b.compile('{{paginationLinks p "one::pager"}}')({ p })).toThrow(
      /Unknown pagination template namespace "one" in "one::pager"; registered namespaces: pagination, two/,
    )
  })
})

describe('template errors', () => {
  const p = lengthAware(2, 30)

  it('names an unknown namespace', async () => {
    const view = freshHandlebars().compile('{{paginationLinks p "nowhere::pager"}}')
    expect(() => view({ p })).toThrow(PaginationTemplateError)
    expect(() => view({ p })).toThrow(
      /Unknown pagination template namespace "nowhere" in "nowhere::pager"; registered namespaces: pagination/,
    )
    await expect(p.links('nowhere::pager')).rejects.toMatchObject({
      code: 'ERR_PAGINATION_NAMESPACE',
    })
  })

  it('names a missing template and the file it looked for', async () => {
    await expect(p.links('pagination::missing')).rejects.toThrow(
      /Pagination template "pagination::missing" not found: expected the file .*views[\\/]pagination[\\/]missing\.hbs/,
    )
    await expect(p.links('pagination::missing')).rejects.toMatchObject({
      code: 'ERR_PAGINATION_TEMPLATE_NOT_FOUND',
    })
  })

  it.each([
    'simple',
    '::simple',
    'pagination::',
    'pagination::../default',
    'pagination::a\\b',
    'a b::c',
  ])('refuses the malformed name %j', async (name) => {
    await expect(p.links(name)).rejects.toMatchObject({
      code: 'ERR_PAGINATION_TEMPLATE_NAME',
      message: expect.stringContaining(`Invalid pagination template name ${JSON.stringify(name)}`),
    })
  })

  it('refuses a template argument that is not a string', () => {
    const view = freshHandlebars().compile('{{paginationLinks p 42}}')
    expect(() => view({ p })).toThrow('Invalid pagination template name 42')
  })

  it('refuses malformed namespace options', () => {
    expect(() => freshHandlebars({ namespaces: { 'bad name': '/tmp' } })).toThrow(
      'Pagination namespace "bad name" must be a name',
    )
    expect(() => freshHandlebars({ namespaces: { ok: 42 as never } })).toThrow('got 42')
    const hb = Handlebars.create()
    const namespaces = { early: namespaceFolder({ pager: 'x' }), 'bad name': '/tmp' }
    expect(() => registerPaginationHelpers(hb, { namespaces })).toThrow('must be a name')
    registerPaginationHelpers(hb) // none of the namespaces above was registered
    expect(() => hb.compile('{{paginationLinks p "early::pager"}}')({ p })).toThrow(
      'Unknown pagination template namespace "early"',
    )
  })
})
