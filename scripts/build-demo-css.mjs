// Builds demo-app/public/app.css with Tailwind CSS v3 (from node_modules; nothing is downloaded):
// scans demo-app/views, demo-app/src and views/pagination/*.hbs for utility classes.
// Part of `npm run demo`; the output is git-ignored.
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const demo = join(root, 'demo-app')
const output = join(demo, 'public', 'app.css')

mkdirSync(dirname(output), { recursive: true })
execFileSync(
  process.execPath,
  [
    require.resolve('tailwindcss/lib/cli.js'),
    '--config',
    join(demo, 'tailwind.config.js'),
    '--input',
    join(demo, 'styles', 'app.css'),
    '--output',
    output,
    '--minify',
  ],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BROWSERSLIST_IGNORE_OLD_DATA: '1' },
  },
)
console.log(`built ${output.slice(root.length + 1)}`)
