import { escapeHtml } from './escape-html'

/**
 * Remembers the last text escaped, so a bar's URL prefix and suffix are escaped once while they do
 * not change. `prepare` (e.g. making an href safe) runs before the escaping, on a miss only.
 */
export class EscapeMemo {
  #raw = ''
  #escaped = ''

  constructor(private readonly prepare?: (text: string) => string) {}

  escape(text: string): string {
    if (text !== this.#raw) {
      this.#escaped = escapeHtml(this.prepare === undefined ? text : this.prepare(text))
      this.#raw = text
    }
    return this.#escaped
  }
}

/**
 * Escapes the page URLs of one bar cheaply. Page URLs differ only in their page number
 * (`<path>?page=<n><suffix>`), so, as Pagy's `a_lambda` does, the parts before and after the number
 * are escaped once and each URL becomes `prefix + n + suffix`. The form is verified for every URL,
 * never assumed: one that does not have it is escaped on its own. Escaping is per character, so both
 * ways give the same text.
 * @internal
 */
export class PageUrlEscaper {
  #prefix: string | undefined
  #suffix = ''
  #escapedPrefix = ''
  #escapedSuffix = ''

  constructor(
    private readonly prefixMemo: EscapeMemo,
    private readonly suffixMemo: EscapeMemo,
  ) {}

  /** The HTML-escaped `url`; `page` is the page number it should carry, if known. */
  escape(url: string, page: unknown): string {
    if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 0) return escapeHtml(url)
    return this.escapePage(url, String(page))
  }

  /** {@link escape} for a URL that should carry the page written `digits`. */
  escapePage(url: string, digits: string): string {
    if (this.#prefix === undefined) this.#learn(url, digits)
    if (this.#matches(url, digits)) return this.#escapedPrefix + digits + this.#escapedSuffix
    return escapeHtml(url)
  }

  #matches(url: string, digits: string): boolean {
    const prefix = this.#prefix as string
    return (
      url.length === prefix.length + digits.length + this.#suffix.length &&
      url.startsWith(digits, prefix.length) &&
      url.endsWith(this.#suffix) &&
      url.startsWith(prefix)
    )
  }

  /** Splits `url` around the first `page=<digits>` not followed by another digit. */
  #learn(url: string, digits: string): void {
    const marker = `page=${digits}`
    let at = url.indexOf(marker)
    while (at !== -1 && isDigit(url.charCodeAt(at + marker.length))) {
      at = url.indexOf(marker, at + 1)
    }
    if (at === -1) {
      this.#prefix = '\uE000' // matches no URL: each is escaped on its own
      return
    }
    this.#prefix = url.slice(0, at + 5)
    this.#suffix = url.slice(at + marker.length)
    this.#escapedPrefix = this.prefixMemo.escape(this.#prefix)
    this.#escapedSuffix = this.suffixMemo.escape(this.#suffix)
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}
