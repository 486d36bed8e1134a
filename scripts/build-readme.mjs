// README.md is generated from docs/readme/*.md (in file-name order, the intro first), so that every
// section keeps the runnable snippets its tests check. `node scripts/build-readme.mjs` writes it;
// `--check` fails when README.md is out of date (a test runs that).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ORDER = [
  'resources',
  'toolchains',
  'express',
  'frameworks',
  'pagination',
  'jsonapi',
  'openapi',
  'html-bar',
  'orm-adapters',
  'writing-adapters',
  'demo',
]

function sectionRank(file) {
  const name = file.replace(/\.md$/, '')
  const i = ORDER.indexOf(name)
  return i === -1 ? (/^\d+/.test(name) ? Number(name.match(/^\d+/)[0]) : 50) : 10 + i
}

export function buildReadme() {
  const dir = join(root, 'docs', 'readme')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort((a, b) => sectionRank(a) - sectionRank(b))
  const note =
    '<!-- Generated from docs/readme/*.md by scripts/build-readme.mjs: edit those files. -->\n\n'
  return note + files.map((f) => readFileSync(join(dir, f), 'utf8').trim()).join('\n\n') + '\n'
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = buildReadme()
  const target = join(root, 'README.md')
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== text) {
      console.error('README.md is out of date: run node scripts/build-readme.mjs')
      process.exit(1)
    }
  } else writeFileSync(target, text)
}
