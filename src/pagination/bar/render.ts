import { ArgumentError } from '../../errors/base'
import { barStateOf } from './bar-state'
import { resolveTemplate } from './namespaces'
import { withSafeHrefs } from './safe-href'
import { getBarRenderer } from './template-cache'
import type { HandlebarsInstance, PaginatorLike } from './types'

let ownInstance: HandlebarsInstance | undefined

/**
 * The Handlebars instance `paginator.links()` renders with: a private one, so helpers registered on
 * the application's instance never change the bar. Handlebars is required on first use only.
 */
function defaultHandlebars(): HandlebarsInstance {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: core must not load handlebars
  return (ownInstance ??= (require('handlebars') as HandlebarsInstance).create())
}

/** Is `value` a paginator (anything with `toViewData()`)? */
function isPaginatorLike(value: unknown): value is PaginatorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toViewData?: unknown }).toViewData === 'function'
  )
}

/**
 * Renders the page-link bar of `paginator` with a Handlebars instance: `template` is
 * `"<namespace>::<name>"`, by default `pagination::default` (length-aware) or `pagination::simple`.
 * @internal
 */
export function renderBar(
  handlebars: HandlebarsInstance,
  paginator: unknown,
  template?: unknown,
): string {
  const state = barStateOf(paginator)
  if (state !== undefined) {
    // One of the package's paginators: a built-in template renders from its state directly.
    const at = resolveTemplate(template, state.lastPage !== undefined)
    const render = getBarRenderer(handlebars, at)
    const view = paginator as PaginatorLike
    if (render.renderState !== undefined) return render.renderState(state, view)
    return render(withSafeHrefs(view.toViewData()))
  }
  if (!isPaginatorLike(paginator)) {
    throw ArgumentError.notAPaginator(paginator)
  }
  const data = paginator.toViewData()
  const at = resolveTemplate(template, typeof data.lastPage === 'number')
  // Escaping keeps values inside their attribute; this keeps an href from leaving the site.
  return getBarRenderer(handlebars, at)(withSafeHrefs(data))
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
  return renderBar(defaultHandlebars(), paginator, template)
}
