import { ApiResourcesError, fromCatalogue, namedConstructor } from './base'
import { CATALOGUE } from './catalogue'

/** Stable codes of the HTML page-link bar's errors. */
export const HANDLEBARS_ERROR_CODES = {
  unknownNamespace: CATALOGUE.unknownNamespace.code,
  templateNotFound: CATALOGUE.templateNotFound.code,
  invalidTemplateName: CATALOGUE.invalidName.code,
  invalidNamespace: CATALOGUE.invalidNamespace.code,
  viewsNotFound: CATALOGUE.viewsNotFound.code,
} as const

/**
 * A pagination template reference (`"admin::pager"`) that cannot be resolved or loaded.
 *
 * @example
 * throw PaginationTemplateError.invalidName('no-namespace')
 */
export class PaginationTemplateError extends ApiResourcesError {
  /** `links("admin::pager")` before `admin` was registered. */
  static readonly unknownNamespace = namedConstructor(PaginationTemplateError, 'unknownNamespace')

  /** The namespace is known but its folder has no `<name>.hbs`. */
  static templateNotFound(ref: string, file: string, cause: unknown): PaginationTemplateError {
    return fromCatalogue(PaginationTemplateError, 'templateNotFound', [ref, file], { cause })
  }

  /** A reference that is not `<namespace>::<name>` or would leave the namespace's folder. */
  static readonly invalidName = namedConstructor(PaginationTemplateError, 'invalidName')

  /** A namespace option that is not a name mapped to a folder. */
  static readonly invalidNamespace = namedConstructor(PaginationTemplateError, 'invalidNamespace')

  /** The package's own `views/pagination/` folder is missing (a broken install or bundle). */
  static readonly viewsNotFound = namedConstructor(PaginationTemplateError, 'viewsNotFound')
}
