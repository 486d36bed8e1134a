import type { DemoEndpoint } from './endpoints'

/** A titled group of endpoints on the index page. */
export interface EndpointSection {
  readonly title: string
  readonly endpoints: readonly unknown[]
}

/**
 * The HTML of `/`: every section's endpoints, GET ones as links. Entries are read leniently (a
 * string path, or an object with `path`/`href`/`url` and `title`/`label`) so a route module's
 * list always shows up.
 */
export function renderIndexPage(sections: readonly EndpointSection[]): string {
  const body = sections
    .map((section) => {
      const items = section.endpoints.map(normalize).filter((e) => e !== undefined)
      const list =
        items.length === 0
          ? '<p><em>None yet.</em></p>'
          : `<ul>${items.map(renderItem).join('')}</ul>`
      return `<section><h2>${escapeHtml(section.title)}</h2>${list}</section>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>api-resources demo</title>
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
code{background:#f3f4f6;padding:0 .25rem;border-radius:.25rem}li{margin:.35rem 0}.m{font:600 .75rem monospace;color:#374151}</style>
</head>
<body>
<main>
<h1>api-resources demo</h1>
<p>Every endpoint of the demo app. Data: a seeded in-memory SQLite database (users, posts, comments, tags).</p>
${body}
</main>
</body>
</html>`
}

function renderItem(endpoint: DemoEndpoint): string {
  const method = endpoint.method ?? 'GET'
  const target =
    method === 'GET'
      ? `<a href="${escapeHtml(endpoint.path)}">${escapeHtml(endpoint.path)}</a>`
      : `<code>${escapeHtml(endpoint.path)}</code>`
  const description = endpoint.description ? `: ${escapeHtml(endpoint.description)}` : ''
  return `<li><span class="m">${method}</span> ${target} <strong>${escapeHtml(endpoint.title)}</strong>${description}</li>`
}

function normalize(entry: unknown): DemoEndpoint | undefined {
  if (typeof entry === 'string') return { path: entry, title: entry }
  if (typeof entry !== 'object' || entry === null) return undefined
  const e = entry as Record<string, unknown>
  const path = [e.path, e.href, e.url].find((v) => typeof v === 'string') as string | undefined
  if (path === undefined) return undefined
  const title = [e.title, e.label, e.name].find((v) => typeof v === 'string') as string | undefined
  return {
    method: e.method === 'POST' ? 'POST' : 'GET',
    path,
    title: title ?? path,
    description: typeof e.description === 'string' ? e.description : undefined,
  }
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
