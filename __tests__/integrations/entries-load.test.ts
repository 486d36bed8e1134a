// Each framework entry point loads only its own framework: importing `api-resources/fastify` must
// not load Express, Hono, NestJS or Prisma (an app has one framework installed, not all of them).
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '../..')

const FRAMEWORKS = ['express', 'fastify', 'hono', '@nestjs/common', '@nestjs/core', 'rxjs']
const ORMS = ['@prisma/client', 'prisma', 'knex', 'kysely', 'typeorm', 'sequelize', 'objection']

/** What each entry may load of those packages. */
const ENTRIES: Record<string, readonly string[]> = {
  '': [],
  http: [],
  express: [],
  fastify: [],
  hono: [],
  nestjs: ['@nestjs/common', '@nestjs/core', 'rxjs'],
  prisma: [],
  adapter: [],
  errors: [],
}

/**
 * Loads `api-resources[/<entry>]` (the built package, through its `exports`) in a fresh Node
 * process and lists the node_modules packages it loaded (by their innermost node_modules folder,
 * so a symlinked node_modules counts too).
 */
function packagesLoadedBy(entry: string): string[] {
  const script = `
    require(${JSON.stringify(entry === '' ? 'api-resources' : `api-resources/${entry}`)})
    const names = new Set()
    for (const file of Object.keys(require.cache)) {
      const m = /.*[\\\\/]node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)[\\\\/]/.exec(file)
      if (m) names.add(m[1].replace(/\\\\/g, '/'))
    }
    process.stdout.write(JSON.stringify([...names]))
  `
  const out = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })
  return JSON.parse(out) as string[]
}

describe('framework entry points', () => {
  it.each(Object.entries(ENTRIES))(
    'api-resources/%s loads no other framework and no ORM',
    (entry, allowed) => {
      const loaded = packagesLoadedBy(entry)
      const foreign = [...FRAMEWORKS, ...ORMS].filter((name) => !allowed.includes(name))
      expect(loaded.filter((name) => foreign.includes(name))).toEqual([])
      for (const name of allowed) expect(loaded).toContain(name)
    },
  )
})
