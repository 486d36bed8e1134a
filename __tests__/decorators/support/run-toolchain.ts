// Runs in a fresh process per toolchain, as a user's program would. Under
// `node -r @swc-node/register` it compiles the fixture with the toolchain and loads the output with
// `api-resources` resolved to src/index.ts; under the tsx CLI or Bun it loads the fixture itself
// (tsx, or Bun's own transpiler, compiles it and resolves `api-resources` through tsconfig paths). Then it renders every output and
// prints one JSON line. reflect-metadata is loaded only for toolchains that emit design:type.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { TOOLCHAINS } from './toolchains'

const ROOT = resolve(__dirname, '../../..')
const FIXTURE = join(ROOT, '__tests__/decorators/fixtures/toolchain-resources.ts')

function main(name: string): void {
  const toolchain = TOOLCHAINS.find((t) => t.name === name)
  if (toolchain === undefined) throw new Error(`unknown toolchain ${name}`)
  if (toolchain.designType) require('reflect-metadata')
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-matrix-'))
  try {
    let code: string | undefined
    let fixture: Record<string, any>
    if (toolchain.compile === undefined) {
      fixture = require(FIXTURE) // tsx or Bun compiles it (and resolves 'api-resources' itself)
    } else {
      const entry = JSON.stringify(join(ROOT, 'src/index.ts'))
      const source = readFileSync(FIXTURE, 'utf8').replace(/from 'api-resources'/, `from ${entry}`)
      code = toolchain.compile(source, 'toolchain-resources.ts')
      const file = join(dir, 'toolchain-resources.js')
      writeFileSync(file, code)
      fixture = require(file) as Record<string, any>
    }
    const { resolveMembers } = require(join(ROOT, 'src/metadata/resolve.ts'))
    const { compiledToArray, interpretedToArray } = require(join(ROOT, 'src/compiler/compile.ts'))
    const { FIELDS, METADATA } = require(join(ROOT, 'src/metadata/metadata-store.ts'))
    const user = fixture.UserResource
    const { ann } = fixture.models()
    const pairs: Array<[Function, unknown]> = [
      [user, ann],
      [fixture.AdminResource, ann],
      [fixture.HostileResource, fixture.hostileModel],
    ]
    const agree = pairs.every(([cls, model]) => {
      const instance = new (cls as new (m: unknown) => object)(model)
      const compiled = compiledToArray(cls)(instance, { isAdmin: true })
      const interpreted = interpretedToArray(cls)(instance, { isAdmin: true })
      return JSON.stringify(compiled) === JSON.stringify(interpreted)
    })
    const report = {
      outputs: fixture.outputs(),
      agree,
      storedOn: Object.prototype.hasOwnProperty.call(user, FIELDS)
        ? 'class'
        : Object.prototype.hasOwnProperty.call(user[METADATA] ?? {}, FIELDS)
          ? 'metadata'
          : 'nowhere',
      designTypes: resolveMembers(user).fields.some((f: any) => f.designType !== undefined),
      usesStandardEmit:
        code === undefined
          ? Object.prototype.hasOwnProperty.call(user, METADATA)
          : /Symbol\.metadata|__esDecorate|__decorateElement|_apply_decs/.test(code),
    }
    process.stdout.write(JSON.stringify(report) + '\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main(process.argv[2])
