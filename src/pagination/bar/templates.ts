import { PaginationTemplateError } from '../../errors/base'
import { BUILTIN_VIEWS } from './builtin-views'
import { createStateRenderer, type StateRenderer } from './state-renderer'
import type { PaginationViewData } from '../types'
import type { HandlebarsInstance } from './types'
import { hasOwn } from '../../util/objects'

/** The namespace of the templates shipped with the package (`views/pagination/`). */
const BUILTIN_NAMESPACE = 'pagination'

/**
 * The package's template sets: each numbered template and the simple one that replaces it for a
 * paginator without a page count (`simplePaginate()`, cursor pages). Laravel's names where it has
 * them.
 */
const SIMPLE_OF: Readonly<Record<string, string>> = {
  'pagination::default': 'pagination::simple',
  'pagination::bootstrap-5': 'pagination::simple-bootstrap-5',
  'pagination::bootstrap-4': 'pagination::simple-bootstrap-4',
  'pagination::plain': 'pagination::simple-plain',
}

const DEFAULT_NUMBERED = `${BUILTIN_NAMESPACE}::default`
const NAMESPACE_NAME = /^[A-Za-z0-9_-]+$/
const TEMPLATE_NAME = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/

/**
 * A folder of templates on disk: `api-resources/handlebars` makes one per namespace, with the file
 * system of the runtime, so that nothing here reads files (the package's own templates are built
 * in: a Workers, Deno or Bun bundle has no package folder).
 */
export interface TemplateFolder {
  /** The file of template `name` (`admin/pager` -> `<folder>/admin/pager.hbs`). */
  readonly fileOf: (name: string) => string
  /** The text of `file`; throws when it cannot be read. */
  readonly read: (file: string) => string
}

/** Template namespaces as `[name, folder]` pairs. */
export type Namespaces = readonly (readonly [string, TemplateFolder])[]

/** Checks a namespace name and folder (all of them, before any is registered). */
export function checkNamespace(name: string, folder: unknown): asserts folder is string {
  if (!NAMESPACE_NAME.test(name) || typeof folder !== 'string' || folder === '') {
    throw PaginationTemplateError.invalidNamespace(name, folder)
  }
}

/** A compiled bar template. */
interface BarTemplate {
  readonly render: (data: PaginationViewData) => string
  /** Renders straight from a paginator's state: set for the package's own templates only. */
  readonly renderState?: StateRenderer
}

/**
 * The bar templates of one Handlebars instance: its namespaces (a name registered again gets the
 * new folder) and its compiled templates, each file read and compiled once, on first use (a user's
 * instance may carry helpers and partials its templates rely on).
 */
export class BarTemplates {
  readonly #folders = new Map<string, TemplateFolder>()
  readonly #compiled = new Map<string, BarTemplate>()

  constructor(private readonly handlebars: HandlebarsInstance) {}

  addNamespaces(namespaces: Namespaces): void {
    for (const [name, folder] of namespaces) this.#folders.set(name, folder)
    this.#compiled.clear() // a reference may now name another file
  }

  /**
   * The template `"<namespace>::<name>"`; without a reference the paginator kind decides:
   * `pagination::default` when it is length-aware, `pagination::simple` otherwise. A paginator
   * that is not length-aware gets the simple template of a numbered set (`pagination::bootstrap-5`
   * renders `pagination::simple-bootstrap-5`).
   */
  get(ref: unknown, lengthAware: boolean): BarTemplate {
    if (ref !== undefined && typeof ref !== 'string') throw PaginationTemplateError.invalidName(ref)
    const wanted = ref ?? DEFAULT_NUMBERED
    const name = lengthAware || !hasOwn.call(SIMPLE_OF, wanted) ? wanted : SIMPLE_OF[wanted]
    let template = this.#compiled.get(name)
    if (template === undefined) {
      template = this.#compile(name)
      this.#compiled.set(name, template)
    }
    return template
  }

  #compile(ref: string): BarTemplate {
    const at = ref.indexOf('::')
    const namespace = ref.slice(0, at)
    const name = ref.slice(at + 2)
    // The name pattern forbids `.` and `\`, so a reference cannot climb out of its folder.
    if (at < 1 || !NAMESPACE_NAME.test(namespace) || !TEMPLATE_NAME.test(name)) {
      throw PaginationTemplateError.invalidName(ref)
    }
    const folder = this.#folders.get(namespace)
    if (folder === undefined && namespace !== BUILTIN_NAMESPACE) {
      const known = new Set([BUILTIN_NAMESPACE, ...this.#folders.keys()])
      throw PaginationTemplateError.unknownNamespace(ref, namespace, [...known])
    }
    let source: string
    if (folder === undefined) {
      const builtin = BUILTIN_VIEWS[name]
      if (builtin === undefined || !hasOwn.call(BUILTIN_VIEWS, name)) {
        const error = new Error(`no built-in template "${name}"`)
        throw PaginationTemplateError.templateNotFound(ref, `views/pagination/${name}.hbs`, error)
      }
      source = builtin
    } else {
      const file = folder.fileOf(name)
      try {
        source = folder.read(file)
      } catch (error) {
        throw PaginationTemplateError.templateNotFound(ref, file, error)
      }
      return { render: this.handlebars.compile<PaginationViewData>(source) }
    }
    // The package's templates only use `if` and `each`; telling the compiler so makes them faster.
    const options = { knownHelpers: { if: true, each: true }, knownHelpersOnly: true }
    const render = this.handlebars.compile<PaginationViewData>(source, options)
    return {
      render,
      renderState: createStateRenderer(render, this.handlebars.Utils.escapeExpression),
    }
  }
}

const byInstance = new WeakMap<HandlebarsInstance, BarTemplates>()

/** The bar templates of a Handlebars instance, created on first use. */
export function templatesOf(handlebars: HandlebarsInstance): BarTemplates {
  let templates = byInstance.get(handlebars)
  if (templates === undefined)
    byInstance.set(handlebars, (templates = new BarTemplates(handlebars)))
  return templates
}
