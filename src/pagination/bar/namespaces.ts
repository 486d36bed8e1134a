import { existsSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { PaginationTemplateError } from '../../errors/handlebars-errors'

/** The namespace of the templates shipped with the package (`views/pagination/`). */
export const BUILTIN_NAMESPACE = 'pagination'

const NAMESPACE_NAME = /^[A-Za-z0-9_-]+$/
const TEMPLATE_NAME = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/

/**
 * Namespaces registered through `registerPaginationHelpers(hb, { namespaces })`. Process-wide on
 * purpose: API.md requires `paginator.links("admin::pager")` (which has no Handlebars instance to ask)
 * to know them too. Re-registering a name replaces its folder.
 */
const registered = new Map<string, string>()

/** Resolved references (`ref|kind` -> location), cleared whenever a namespace changes. */
const resolved = new Map<string, TemplateLocation>()
let defaultNumbered: TemplateLocation | undefined
let defaultSimple: TemplateLocation | undefined

let builtinFolder: string | undefined

/**
 * The package's `views/pagination` folder, found by walking up from this file: it is two levels up
 * from `src/pagination/bar/` and four from `dist/cjs/pagination/bar/`.
 */
export function builtinTemplateFolder(): string {
  if (builtinFolder !== undefined) return builtinFolder
  let dir = __dirname
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'views', BUILTIN_NAMESPACE)
    if (existsSync(join(candidate, 'default.hbs'))) return (builtinFolder = candidate)
    dir = dirname(dir)
  }
  throw PaginationTemplateError.viewsNotFound(__dirname)
}

/** Registers `{ name: folder }` pairs; relative folders resolve against the working directory now. */
export function registerTemplateNamespaces(namespaces: Readonly<Record<string, string>>): void {
  for (const [name, folder] of Object.entries(namespaces)) {
    if (!NAMESPACE_NAME.test(name) || typeof folder !== 'string' || folder === '') {
      throw PaginationTemplateError.invalidNamespace(name, folder)
    }
    registered.set(name, resolve(folder))
  }
  resolved.clear()
  defaultNumbered = defaultSimple = undefined
}

/** The folder of a namespace, or `undefined` when it is unknown. */
function namespaceFolder(name: string): string | undefined {
  return registered.get(name) ?? (name === BUILTIN_NAMESPACE ? builtinTemplateFolder() : undefined)
}

/** A resolved template reference. */
export interface TemplateLocation {
  /** The reference as written, e.g. `pagination::simple`. */
  readonly ref: string
  /** Absolute path of the `.hbs` file. */
  readonly file: string
  /** Is it one of the package's own templates (eligible for the pre-planned fast path)? */
  readonly builtin: boolean
}

/**
 * Resolves `"<namespace>::<name>"` to a file. Without a reference, the paginator kind decides:
 * `pagination::default` for a length-aware paginator, `pagination::simple` for a simple one.
 */
export function resolveTemplate(ref: unknown, lengthAware: boolean): TemplateLocation {
  if (ref === undefined) return defaultTemplate(lengthAware)
  if (typeof ref !== 'string') throw PaginationTemplateError.invalidName(ref)
  const key = `${ref}|${lengthAware}`
  let at = resolved.get(key)
  if (at === undefined) {
    at = locate(ref, lengthAware)
    if (resolved.size >= 1000) resolved.clear()
    resolved.set(key, at)
  }
  return at
}

/** The default template of each kind (the usual call), without building a cache key. */
function defaultTemplate(lengthAware: boolean): TemplateLocation {
  if (lengthAware) return (defaultNumbered ??= locate(undefined, true))
  return (defaultSimple ??= locate(undefined, false))
}

function locate(ref: string | undefined, lengthAware: boolean): TemplateLocation {
  const name = ref ?? `${BUILTIN_NAMESPACE}::${lengthAware ? 'default' : 'simple'}`
  const at = name.indexOf('::')
  const namespace = name.slice(0, at)
  const template = name.slice(at + 2)
  // The name pattern forbids `.` and `\`, so a reference cannot climb out of its folder.
  if (at < 1 || !NAMESPACE_NAME.test(namespace) || !TEMPLATE_NAME.test(template)) {
    throw PaginationTemplateError.invalidName(ref)
  }
  const folder = namespaceFolder(namespace)
  if (folder === undefined) {
    throw PaginationTemplateError.unknownNamespace(name, namespace, knownNamespaces())
  }
  const file = join(folder, `${template.split('/').join(sep)}.hbs`)
  return { ref: name, file, builtin: folder === builtinTemplateFolder() }
}

function knownNamespaces(): string[] {
  return [...new Set([BUILTIN_NAMESPACE, ...registered.keys()])]
}
