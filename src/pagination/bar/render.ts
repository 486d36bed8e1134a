import { ArgumentError } from '../../errors/base'
import { barStateOf } from './state-renderer'
import { withSafeHrefs } from './safe-href'
import { BarTemplates, type Namespaces, type TemplateFolder } from './templates'
import type { PaginatorLike } from '../types'
import type { HandlebarsInstance } from './types'

/**
 * Renders the page-link bar of `paginator` with one of `templates`: `ref` is
 * `"<namespace>::<name>"`, by default `pagination::default` (length-aware) or `pagination::simple`.
 * The package's own paginators render the package's own templates from their state; everything
 * else is the template rendered by Handlebars from `toViewData()`.
 * @internal
 */
export function renderBar(templates: BarTemplates, paginator: unknown, ref?: unknown): string {
  const state = barStateOf(paginator)
  if (state !== undefined) {
    const template = templates.get(ref, state.lastPage !== undefined)
    if (template.renderState !== undefined) return template.renderState(state)
    return template.render(withSafeHrefs((paginator as PaginatorLike).toViewData()))
  }
  if (!isPaginatorLike(paginator)) throw ArgumentError.notAPaginator(paginator)
  const data = paginator.toViewData()
  // Escaping keeps values inside their attribute; this keeps an href from leaving the site.
  return templates.get(ref, typeof data.lastPage === 'number').render(withSafeHrefs(data))
}

function isPaginatorLike(value: unknown): value is PaginatorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toViewData?: unknown }).toViewData === 'function'
  )
}

/**
 * The one process-wide registry of the bar: the templates `paginator.links()` renders with. It has
 * a private Handlebars instance (helpers registered on the application's instances never change
 * it) and knows every namespace given to any `registerPaginationHelpers()` call, since `links()`
 * has no instance to ask; a name registered again gets the new folder. Each Handlebars instance
 * keeps its own namespaces and compiled templates beside it (`templatesOf`). Handlebars is
 * imported on first use only (an optional peer: a dynamic `import()` that bundlers understand).
 */
let linksTemplates: Promise<BarTemplates> | undefined
let loadedLinksTemplates: BarTemplates | undefined
const linksNamespaces: (readonly [string, TemplateFolder])[] = []

function templatesOfLinks(): Promise<BarTemplates> {
  linksTemplates ??= import('handlebars').then(
    (mod: { default?: HandlebarsInstance } & Partial<HandlebarsInstance>) => {
      const handlebars = (mod.default ?? mod) as HandlebarsInstance
      const templates = new BarTemplates(handlebars.create())
      templates.addNamespaces(linksNamespaces)
      return (loadedLinksTemplates = templates)
    },
    (error: unknown) => {
      linksTemplates = undefined
      throw error
    },
  )
  return linksTemplates
}

/** Makes `namespaces` known to `paginator.links()`. @internal */
export function addLinksNamespaces(namespaces: Namespaces): void {
  linksNamespaces.push(...namespaces)
  loadedLinksTemplates?.addNamespaces(namespaces)
}

/**
 * What `paginator.links(template?)` returns: the same HTML as the `{{paginationLinks}}` helper,
 * rendered without a view engine. Empty when there is a single page.
 *
 * @example
 * const html = await renderPaginationLinks(paginator, 'pagination::simple')
 */
export async function renderPaginationLinks(
  paginator: PaginatorLike,
  template?: string,
): Promise<string> {
  return renderBar(await templatesOfLinks(), paginator, template)
}
