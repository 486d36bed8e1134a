const SPECIAL = /[&<>"'`=]/

/**
 * Escapes text for HTML exactly as Handlebars' `escapeExpression` does (`& < > " ' \` =`), but in
 * one pass over the characters instead of a regex replace with a callback per match: page URLs
 * are full of `=` and `&`, and this runs for every link of every bar.
 * @internal
 */
export function escapeHtml(text: string): string {
  const first = text.search(SPECIAL)
  if (first === -1) return text
  let out = ''
  let last = 0
  for (let i = first; i < text.length; i++) {
    const entity = entityOf(text.charCodeAt(i))
    if (entity === undefined) continue
    if (last !== i) out += text.slice(last, i)
    out += entity
    last = i + 1
  }
  return last === text.length ? out : out + text.slice(last)
}

function entityOf(code: number): string | undefined {
  switch (code) {
    case 38:
      return '&amp;'
    case 60:
      return '&lt;'
    case 62:
      return '&gt;'
    case 34:
      return '&quot;'
    case 39:
      return '&#x27;'
    case 96:
      return '&#x60;'
    case 61:
      return '&#x3D;'
    default:
      return undefined
  }
}
