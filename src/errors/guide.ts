/**
 * Where the messages of the package point for an explanation: the guide of the documentation site
 * (package.json `homepage` followed by `guide/`). One page per topic; an error's message ends with
 * ` See <GUIDE_URL><page>` when a guide page explains it.
 */

/** The guide of the documentation site, ending with a slash. */
export const GUIDE_URL = 'https://api-resources.github.io/api-resources/guide/'

/** Where bugs are reported. */
export const ISSUES_URL = 'https://github.com/api-resources/api-resources/issues'

/** The address of a guide page: `guideUrl('cursor-pagination')`, `guideUrl('decorators#thunks')`. */
export function guideUrl(page: string): string {
  return GUIDE_URL + page
}

/** What a message with a guide page ends with. */
function guideSuffix(page: string): string {
  return ` See ${guideUrl(page)}`
}

/** `message` ending with a pointer to the guide page that explains it. */
export function withGuideLink(message: string, page: string): string {
  return (message.endsWith('.') ? message : `${message}.`) + guideSuffix(page)
}

/**
 * `message` without the pointer `withGuideLink` added, for the text an HTTP client is sent: the
 * people calling an API built with the package are not the ones the package's guide is for.
 */
export function withoutGuideLink(message: string, page: string): string {
  const suffix = guideSuffix(page)
  return message.endsWith(suffix) ? message.slice(0, -suffix.length) : message
}
