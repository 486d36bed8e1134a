import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '../../..')

/** The ORM packages each entry point must not load when it is imported. */
const ENTRIES: Record<string, string[]> = {
  objection: ['objection', 'knex'],
  typeorm: ['typeorm'],
  drizzle: ['drizzle-orm'],
  'mikro-orm': ['@mikro-orm/core', '@mikro-orm/knex'],
  sequelize: ['sequelize'],
  prisma: ['@prisma/client', '.prisma', '@prisma/adapter-pg', '@prisma/adapter-better-sqlite3'],
}

/**
 * Loads `api-resources/<entry>` (the built package, through its `exports`) in a fresh Node process
 * and lists the node_modules packages it loaded.
 */
function packagesLoadedBy(entry: string): string[] {
  const script = `
    require('api-resources/${entry}')
    const names = new Set()
    for (const file of Object.keys(require.cache)) {
      const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file.slice(${JSON.stringify(root)}.length))
      if (m) names.add(m[1])
    }
    process.stdout.write(JSON.stringify([...names]))
  `
  const out = execFileSync(process.execPath, ['-e', script], {
    cwd: root,
    encoding: 'utf8',
  })
  return JSON.parse(out) as string[]
}

describe('ORM adapter entry points', () => {
  it.each(Object.entries(ENTRIES))(
    'api-resources/%s loads without loading its ORM',
    (entry, orms) => {
      const loaded = packagesLoadedBy(entry)
      for (const orm of orms) expect(loaded).not.toContain(orm)
    },
  )
})
