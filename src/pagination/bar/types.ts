// The Handlebars types of the bar, apart from the paginators' own types (\`../types.ts\`): only the
// bar and \`api-resources/handlebars\` refer to them, so a declaration file of the root entry never
// names the \`handlebars\` module (an optional peer an application may not have installed).

/** A Handlebars environment: the `handlebars` module itself or one from `Handlebars.create()`. */
export type HandlebarsInstance = typeof import('handlebars')

/**
 * What `registerPaginationHelpers()` accepts: a {@link HandlebarsInstance}, or express-handlebars'
 * `hbs.handlebars` (which express-handlebars types loosely). Checked at run time.
 */
export type HandlebarsLike =
  HandlebarsInstance | { readonly compile: unknown; readonly [key: string]: unknown }
