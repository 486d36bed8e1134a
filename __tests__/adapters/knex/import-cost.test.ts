import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

// The adapters import only types from their query builders: loading them loads neither the query
// builder nor a database driver: an app pays only for what it uses.
it.each(['knex', 'kysely'])(
  'importing api-resources/%s loads no query builder or driver',
  (name) => {
    const root = join(__dirname, '../../..')
    const script = `
    require('api-resources/${name}')
    const loaded = Object.keys(require.cache).filter((f) => /node_modules\\/(knex|kysely|pg|mysql2|better-sqlite3|handlebars|express)\\//.test(f))
    process.stdout.write(JSON.stringify(loaded))
  `
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(JSON.parse(out)).toEqual([])
  },
)
