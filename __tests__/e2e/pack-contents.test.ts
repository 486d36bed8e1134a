// What `npm pack` puts in the tarball: exactly the built dist/ (CommonJS code with its declarations
// and source maps, the ES module wrappers), the Handlebars templates, package.json, README.md,
// CHANGELOG.md and LICENSE. Nothing else: no tests, no TypeScript sources, no source map without
// the source it maps to.
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const root = join(__dirname, '..', '..')

interface PackEntry {
  path: string
  size: number
}

function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const [report] = JSON.parse(out) as [{ files: PackEntry[] }]
  return report.files.map((f) => f.path).sort()
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [relative(root, path).split('\\').join('/')]
  })
}

const files = packedFiles()

describe('npm pack', () => {
  it('packs exactly dist/, views/, package.json, README.md, CHANGELOG.md and LICENSE', () => {
    const expected = [
      ...walk(join(root, 'dist')),
      ...walk(join(root, 'views')),
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
    ].sort()
    expect(files).toEqual(expected)
  })

  it('packs only built code, declarations, source maps and templates besides the four files', () => {
    const allowed = [
      /^dist\/cjs\/.+\.js$/,
      /^dist\/cjs\/.+\.js\.map$/,
      /^dist\/cjs\/.+\.d\.ts$/,
      /^dist\/esm\/.+\.mjs$/,
      /^dist\/esm\/.+\.mjs\.map$/,
      /^dist\/esm\/.+\.d\.mts$/,
      /^views\/pagination\/[a-z0-9-]+\.(?:hbs|css)$/,
      /^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/,
    ]
    const stray = files.filter((file) => !allowed.some((pattern) => pattern.test(file)))
    expect(stray).toEqual([])
    expect(files.filter((file) => /__tests__|^src\/|\.test\./.test(file))).toEqual([])
  })

  it('packs every entry point of package.json exports', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<'import' | 'require', Record<string, string>>>
    }
    // each condition has its own code and declarations: import -> .mjs/.d.mts, require -> .js/.d.ts
    const targets = Object.values(pkg.exports).flatMap((t) =>
      typeof t === 'string' ? [t] : [...Object.values(t.import), ...Object.values(t.require)],
    )
    for (const t of Object.values(pkg.exports)) {
      if (typeof t === 'string') continue
      expect(t.import.types).toMatch(/^\.\/dist\/esm\/.+\.d\.mts$/)
      expect(t.import.default).toMatch(/^\.\/dist\/esm\/.+\.mjs$/)
      expect(t.require.types).toMatch(/^\.\/dist\/cjs\/.+\.d\.ts$/)
      expect(t.require.default).toMatch(/^\.\/dist\/cjs\/.+\.js$/)
    }
    for (const target of targets) expect(files).toContain(target.replace(/^\.\//, ''))
    expect(files).toEqual(
      expect.arrayContaining([
        'views/pagination/default.hbs',
        'views/pagination/simple.hbs',
        'views/pagination/bootstrap-5.hbs',
        'views/pagination/simple-bootstrap-5.hbs',
        'views/pagination/plain.hbs',
        'views/pagination/simple-plain.hbs',
        'views/pagination/plain.css',
      ]),
    )
  })

  it('names the CommonJS declarations of each subpath in typesVersions (TypeScript node10 resolution)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<'require', Record<string, string>>>
      typesVersions: Record<'*', Record<string, string[]>>
    }
    // `"moduleResolution": "node"` ignores `exports`: typesVersions is how it finds a subpath
    const expected = Object.fromEntries(
      Object.entries(pkg.exports)
        .filter(([subpath, t]) => subpath !== '.' && typeof t !== 'string')
        .map(([subpath, t]) => [
          subpath.slice(2),
          [(t as Record<'require', Record<string, string>>).require.types],
        ]),
    )
    expect(pkg.typesVersions).toEqual({ '*': expected })
  })

  it('ships a source map for every compiled file, each carrying the source it maps to', () => {
    const code = files.filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    const maps = files.filter((file) => file.endsWith('.js.map') || file.endsWith('.mjs.map'))
    expect(maps.sort()).toEqual(code.map((file) => `${file}.map`).sort())
    for (const map of maps) {
      const parsed = JSON.parse(readFileSync(join(root, map), 'utf8')) as {
        sources: string[]
        sourcesContent?: Array<string | null>
      }
      expect(parsed.sourcesContent).toHaveLength(parsed.sources.length)
      parsed.sources.forEach((source, i) => {
        const original = resolve(root, map, '..', source)
        expect(parsed.sourcesContent?.[i]).toBe(readFileSync(original, 'utf8'))
      })
    }
  })
})

describe('package.json and the files beside it', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >

  it('says where the code, the documentation and the issue tracker are', () => {
    expect(pkg.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/api-resources/api-resources.git',
    })
    expect(pkg.homepage).toBe('https://api-resources.github.io/api-resources/')
    expect(pkg.bugs).toEqual({ url: 'https://github.com/api-resources/api-resources/issues' })
  })

  it('is MIT licensed, and LICENSE is the MIT license', () => {
    expect(pkg.license).toBe('MIT')
    const license = readFileSync(join(root, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 api-resources contributors\n/)
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND')
  })

  it('has a changelog entry for its version and an Unreleased section', () => {
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
    expect(changelog).toContain('## [Unreleased]')
    expect(changelog).toContain(`## [${String(pkg.version)}]`)
  })
})
