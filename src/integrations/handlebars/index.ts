/**
 * `api-resources/handlebars`: the HTML page-link bar as a Handlebars helper.
 *
 * @example
 * import Handlebars from 'handlebars'
 * import { registerPaginationHelpers } from 'api-resources/handlebars'
 * registerPaginationHelpers(Handlebars, { namespaces: { admin: 'views/admin' } })
 * // in a view: {{paginationLinks posts}}, {{paginationLinks posts "pagination::simple"}},
 * // {{paginationLinks posts "admin::pager"}}
 * @module
 */
import { readFileSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { ArgumentError } from '../../errors/base'
import { addLinksNamespaces, renderBar } from '../../pagination/bar/render'
import { checkNamespace, templatesOf, type Namespaces } from '../../pagination/bar/templates'
import type { HandlebarsInstance, HandlebarsLike } from '../../pagination/bar/types'

export { renderPaginationLinks } from '../../pagination/bar/render'
export { HANDLEBARS_ERROR_CODES, PaginationTemplateError } from '../../errors/base'
/** One page number of a band in `PaginationViewData.elements`. */
export type { ViewPage } from '../../pagination/types'
export type { HandlebarsInstance, HandlebarsLike } from '../../pagination/bar/types'
export type { PaginationElement, PaginationViewData, PaginatorLike } from '../../pagination/types'

/** Options of {@link registerPaginationHelpers}. */
export interface PaginationHelperOptions {
  /**
   * Template namespaces: `{ admin: 'views/admin' }` makes `"admin::pager"` mean
   * `views/admin/pager.hbs`, for the helper of this instance and for `paginator.links(template)`.
   * Relative folders resolve against the working directory. Registering a name again gives it the
   * new folder. A `pagination` entry replaces the package's own templates.
   * @default {}
   */
  readonly namespaces?: Readonly<Record<string, string>>
}

/**
 * Registers the `paginationLinks` helper on `handlebars` (the `handlebars` module, an instance from
 * `Handlebars.create()`, or express-handlebars' `hbs.handlebars`). In a view,
 * `{{paginationLinks paginator ["<namespace>::<template>"]}}` renders the bar as safe HTML; the
 * default template follows the paginator kind (`pagination::default` or `pagination::simple`).
 * Templates are compiled once per instance and file. Calling it again on the same instance adds
 * namespaces; each instance knows only the namespaces registered on it.
 *
 * @example
 * import { create } from 'express-handlebars'
 * const hbs = create({ extname: '.hbs' })
 * registerPaginationHelpers(hbs.handlebars)
 * app.engine('.hbs', hbs.engine)
 */
export function registerPaginationHelpers(
  instance: HandlebarsLike,
  options: PaginationHelperOptions = {},
): void {
  const handlebars = asHandlebars(instance)
  const templates = templatesOf(handlebars)
  if (options.namespaces !== undefined) {
    const namespaces = toNamespaces(options.namespaces)
    templates.addNamespaces(namespaces)
    addLinksNamespaces(namespaces)
  }
  handlebars.registerHelper('paginationLinks', function paginationLinks(...args: unknown[]) {
    // Handlebars passes its options object last; it is never a paginator or a template name.
    const paginator = args.length > 1 ? args[0] : undefined
    const template = args.length > 2 ? args[1] : undefined
    return new handlebars.SafeString(renderBar(templates, paginator, template))
  })
}

function asHandlebars(value: unknown): HandlebarsInstance {
  const hb = value as Partial<Record<'registerHelper' | 'compile' | 'SafeString', unknown>> | null
  if (
    typeof hb?.registerHelper !== 'function' ||
    typeof hb.compile !== 'function' ||
    typeof hb.SafeString !== 'function'
  ) {
    throw ArgumentError.notHandlebars(value)
  }
  return value as HandlebarsInstance
}

/** `{ name: folder }` options as namespaces read from disk; relative folders resolve now. */
function toNamespaces(options: Readonly<Record<string, string>>): Namespaces {
  const entries = Object.entries(options)
  for (const [name, folder] of entries) checkNamespace(name, folder)
  return entries.map(([name, folder]) => {
    const absolute = resolve(folder)
    const fileOf = (template: string) => join(absolute, `${template.split('/').join(sep)}.hbs`)
    return [name, { fileOf, read: (file: string) => readFileSync(file, 'utf8') }] as const
  })
}
