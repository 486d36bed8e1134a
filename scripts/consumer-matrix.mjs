// The consumer matrix: the packed tarball, installed in a temporary project, type-checked by tsc the
// way users set their projects up: an ES-module project and a CommonJS project under `nodenext`, and
// a project under `bundler` resolution, each calling `paginate`, `simplePaginate` and
// `cursorPaginate` of the Kysely, Knex and Prisma adapters, with TypeScript 5.x and the current
// major. The declarations must need no ambient Node types (`"types": []`) and pass with
// `skipLibCheck: false`; the consumer emits its own declarations (a type the package's lean on must
// be exported). Then `@arethetypeswrong/cli` checks the tarball's `exports`: every entry,
// every resolution mode, no problem.
//
//   node scripts/consumer-matrix.mjs [--keep] [--tarball <file>]     (after `npm run build`)
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const keep = process.argv.includes('--keep')

/** TypeScript versions: the last 5.x and the current major (npm's `latest`). */
const TYPESCRIPTS = { ts5: 'typescript@5', tslatest: 'typescript@latest' }

const PROJECTS = {
  // "type": "module", module nodenext: what the getting-started guide recommends
  'esm-nodenext': {
    type: 'module',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
  },
  // a CommonJS project (no "type"), module nodenext
  'cjs-nodenext': {
    type: 'commonjs',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
  },
  // a bundled app (Vite, esbuild, Wrangler): bundler resolution
  bundler: {
    type: 'module',
    compilerOptions: { module: 'preserve', moduleResolution: 'bundler' },
  },
  // no @types/node: the declarations need no ambient Node types (Knex's own typings do, so this one
  // pages Kysely and Prisma only)
  'esm-no-node-types': {
    type: 'module',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', types: [] },
    withoutKnex: true,
  },
}

const CHECK = `import { Kysely, SqliteDialect } from 'kysely'
import knexFactory from 'knex'
import * as kysely from 'api-resources/kysely'
import * as knex from 'api-resources/knex'
import * as prisma from 'api-resources/prisma'
import { JsonResource, LengthAwarePaginator, Paginator, CursorPaginator, Cursor } from 'api-resources'

interface DB {
  posts: { id: number; title: string; status: string }
}
declare const database: ConstructorParameters<typeof SqliteDialect>[0]['database']
const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) })
const query = db.selectFrom('posts').selectAll().orderBy('id')

type Post = { id: number; title: string }
const k = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' } })

// a Prisma model delegate (prisma.post), as a generated client types it
declare const post: {
  findMany(args?: { where?: { published?: boolean }; skip?: number; take?: number; orderBy?: { id: 'asc' | 'desc' } }): Promise<Post[]>
  count(args?: { where?: { published?: boolean } }): Promise<number>
}

class PostResource extends JsonResource<Post> {}

// an exported class whose inferred types name the package's (emitted as declarations: every type
// they name must be importable from an entry)
export class AuthorResource extends JsonResource<{ id: number; posts?: Post[] }> {
  override toArray() {
    return { id: this.resource.id, posts: PostResource.collection(this.whenLoaded<Post[]>('posts')) }
  }
}

export async function check(): Promise<unknown[]> {
  const a: LengthAwarePaginator<DB['posts']> = await kysely.paginate(query, 10, 3)
  const b: Paginator<DB['posts']> = await kysely.simplePaginate(query, 10)
  const c: CursorPaginator<DB['posts']> = await kysely.cursorPaginate(query, 10)
  const title: string = a.items()[0]!.title
  const d = await knex.paginate(k<Post>('posts').orderBy('id'), 10)
  const e = await knex.simplePaginate(k<Post>('posts').orderBy('id'), 10)
  const f = await knex.cursorPaginate(k<Post>('posts').orderBy('id'), 10)
  const g = await prisma.paginate(post, { where: { published: true }, orderBy: { id: 'asc' } }, 15)
  const h = await prisma.simplePaginate(post, { orderBy: { id: 'asc' } }, 15)
  const i = await prisma.cursorPaginate(post, { orderBy: { id: 'asc' } }, 15)
  const id: number = g.items()[0]!.id
  const signed: string = new Cursor({ id }).encode('secret')
  return [a, b, c, d, e, f, g, h, i, title, signed, PostResource.collection(d).toPayload()]
}
`

function run(command, args, cwd) {
  console.log(`$ ${[command, ...args].join(' ')}${cwd === undefined ? '' : `   (in ${cwd})`}`)
  return execFileSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
}

const tmp = mkdtempSync(join(tmpdir(), 'api-resources-consumers-'))
try {
  const given = process.argv.indexOf('--tarball')
  const tarball =
    given === -1
      ? join(
          tmp,
          run('npm', ['pack', '--silent', '--pack-destination', tmp], root)
            .trim()
            .split('\n')
            .pop(),
        )
      : process.argv[given + 1]
  writeFileSync(join(tmp, 'package.json'), JSON.stringify({ name: 'consumers', private: true }))
  const aliases = Object.entries(TYPESCRIPTS).map(([alias, spec]) => `${alias}@npm:${spec}`)
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      tarball,
      'kysely@0.28',
      'knex@3',
      '@types/node@20',
      '@types/better-sqlite3',
      '@arethetypeswrong/cli',
      ...aliases,
    ],
    tmp,
  )
  const failures = []
  for (const [name, project] of Object.entries(PROJECTS)) {
    const dir = join(tmp, name)
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name, private: true, type: project.type }),
    )
    const source = project.withoutKnex
      ? CHECK.split('\n')
          .filter((line) => !/knex|\bk\(|k<Post>/i.test(line))
          .join('\n')
          .replace(
            '[a, b, c, d, e, f, g, h, i, title, signed, PostResource.collection(d).toPayload()]',
            '[a, b, c, g, h, i, title, signed, PostResource.collection(g).toPayload()]',
          )
      : CHECK
    writeFileSync(join(dir, 'check.ts'), source)
    const tsconfig = {
      compilerOptions: {
        strict: true,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: 'out',
        target: 'ES2022',
        lib: ['ES2022'],
        types: ['node'],
        skipLibCheck: false,
        esModuleInterop: true,
        ...project.compilerOptions,
      },
      files: ['check.ts'],
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2))
    for (const alias of Object.keys(TYPESCRIPTS)) {
      const tsc = join(tmp, 'node_modules', alias, 'bin', 'tsc')
      const version = run(process.execPath, [tsc, '--version'], dir).trim()
      try {
        run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)
        console.log(`ok   ${name} with ${version}`)
      } catch (error) {
        console.log(error.stdout)
        console.log(`FAIL ${name} with ${version}`)
        failures.push(`${name} (${version})`)
      }
    }
  }
  // The getting-started guide's ES module set-up (its package.json "type" and tsconfig.json, as
  // written) with the Kysely guide's first snippet, type-checked as a newcomer would
  {
    const guide = (page) => readFileSync(join(root, 'docs', 'guide', page), 'utf8')
    const started = guide('getting-started.md')
    const tsconfig = started
      .slice(started.indexOf('An ES module project'))
      .match(/```json\n([\s\S]*?)```/)[1]
    const snippet = guide('kysely.md').match(/```ts\n([\s\S]*?)```/)[1]
    const dir = join(tmp, 'guide-esm-kysely')
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'guide', private: true, type: 'module' }),
    )
    writeFileSync(join(dir, 'tsconfig.json'), tsconfig)
    writeFileSync(join(dir, 'index.ts'), snippet)
    for (const alias of Object.keys(TYPESCRIPTS)) {
      const tsc = join(tmp, 'node_modules', alias, 'bin', 'tsc')
      try {
        run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], dir)
        console.log(`ok   the guides' ES module set-up with the Kysely snippet (${alias})`)
      } catch (error) {
        console.log(error.stdout)
        failures.push(`guide-esm-kysely (${alias})`)
      }
    }
  }
  // every entry, in node10 (TypeScript's `"moduleResolution": "node"`, which ignores `exports`:
  // package.json typesVersions), node16 (CommonJS and ES module) and bundler resolution
  const attw = join(tmp, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js')
  try {
    console.log(run(process.execPath, [attw, '--format', 'table-flipped', tarball], tmp))
  } catch (error) {
    console.log(error.stdout)
    failures.push('attw')
  }
  if (failures.length > 0) throw new Error(`consumer matrix failed: ${failures.join(', ')}`)
  console.log('consumer matrix: every project type-checks; attw reports no problem')
} finally {
  if (keep) console.log(`kept ${tmp}`)
  else rmSync(tmp, { recursive: true, force: true })
}
