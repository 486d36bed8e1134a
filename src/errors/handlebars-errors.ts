import { ApiResourcesError } from './base'

/** Stable codes of the HTML page-link bar's errors. */
export const HANDLEBARS_ERROR_CODES = {
  unknownNamespace: 'ERR_PAGINATION_NAMESPACE',
  templateNotFound: 'ERR_PAGINATION_TEMPLATE_NOT_FOUND',
  invalidTemplateName: 'ERR_PAGINATION_TEMPLATE_NAME',
  invalidNamespace: 'ERR_PAGINATION_NAMESPACE_OPTION',
} as const

/** A pagination template reference (`"admin::pager"`) that cannot be resolved or loaded. */
export class PaginationTemplateError extends ApiResourcesError {
  /** `links("admin::pager")` before `admin` was registered. */
  static unknownNamespace(
    ref: string,
    namespace: string,
    known: readonly string[],
  ): PaginationTemplateError {
    return new PaginationTemplateError(
      HANDLEBARS_ERROR_CODES.unknownNamespace,
      `Unknown pagination template namespace "${namespace}" in "${ref}"; registered namespaces: ${known.join(', ')}. ` +
        `Register it with registerPaginationHelpers(handlebars, { namespaces: { ${namespace}: '<folder>' } })`,
    )
  }

  /** The namespace is known but its folder has no `<name>.hbs`. */
  static templateNotFound(ref: string, file: string, cause: unknown): PaginationTemplateError {
    return new PaginationTemplateError(
      HANDLEBARS_ERROR_CODES.templateNotFound,
      `Pagination template "${ref}" not found: expected the file ${file}`,
      { cause },
    )
  }

  /** A reference that is not `<namespace>::<name>` or would leave the namespace's folder. */
  static invalidName(ref: unknown): PaginationTemplateError {
    return new PaginationTemplateError(
      HANDLEBARS_ERROR_CODES.invalidTemplateName,
      `Invalid pagination template name ${JSON.stringify(ref)}: expected "<namespace>::<name>" ` +
        `such as "pagination::simple" (letters, digits, "-", "_" and "/" only)`,
    )
  }

  /** A namespace option that is not a name mapped to a folder. */
  static invalidNamespace(namespace: string, folder: unknown): PaginationTemplateError {
    return new PaginationTemplateError(
      HANDLEBARS_ERROR_CODES.invalidNamespace,
      `Pagination namespace ${JSON.stringify(namespace)} must be a name (letters, digits, "-", "_") ` +
        `mapped to a folder path; got ${JSON.stringify(folder)}`,
    )
  }
}
