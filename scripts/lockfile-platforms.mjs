// The registry this project installs from carries the platform packages of this machine only
// (linux x64): `npm install` then writes a package-lock.json without the other platforms' optional
// binaries (@swc/core-darwin-arm64, ...), and `npm ci` refuses that lock as "out of sync". This adds
// a lock entry, with its `os`/`cpu` (and `libc`) read from the package name, for every optional
// dependency the lock lacks, so `npm ci` skips them as it does on any other machine.
// Run it after `npm install` changes the lock: `node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json')
const lock = JSON.parse(readFileSync(file, 'utf8'))
const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'netbsd',
  'openbsd',
]
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el']

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts.find((p) => CPU.includes(p))
  if (!os || !cpu) return undefined
  const libc = parts.includes('musl')
    ? ['musl']
    : os === 'linux' && parts.includes('gnu')
      ? ['glibc']
      : undefined
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) }
}

let added = 0
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`
    const nested = `${path}/node_modules/${dep}`
    if (lock.packages[key] || lock.packages[nested]) continue
    const platform = platformOf(dep)
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue
    lock.packages[key] = { version: spec, dev: entry.dev, optional: true, ...platform }
    added++
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: added ${added} platform entries`)
