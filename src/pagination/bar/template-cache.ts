import { readFileSync } from 'node:fs'
import { PaginationTemplateError } from '../../errors/handlebars-errors'
import type { TemplateLocation } from './namespaces'
import { createPlannedRenderer } from './planned-renderer'
import type { BarRenderer, HandlebarsInstance, PaginationViewData } from './types'

/**
 * Compiled templates, per Handlebars instance and template file: each file is read and compiled
 * once per instance (a user's instance may carry helpers and partials its templates rely on).
 */
const cache = new WeakMap<HandlebarsInstance, Map<string, BarRenderer>>()

/** The renderer of a template file for a Handlebars instance, compiled on first use. */
export function getBarRenderer(handlebars: HandlebarsInstance, at: TemplateLocation): BarRenderer {
  let perInstance = cache.get(handlebars)
  if (perInstance === undefined) {
    perInstance = new Map()
    cache.set(handlebars, perInstance)
  }
  let renderer = perInstance.get(at.file)
  if (renderer === undefined) {
    renderer = compileBar(handlebars, at)
    perInstance.set(at.file, renderer)
  }
  return renderer
}

function compileBar(handlebars: HandlebarsInstance, at: TemplateLocation): BarRenderer {
  let source: string
  try {
    source = readFileSync(at.file, 'utf8')
  } catch (error) {
    throw PaginationTemplateError.templateNotFound(at.ref, at.file, error)
  }
  // Built-in templates only use `if` and `each`; telling the compiler so makes them faster.
  const template = handlebars.compile<PaginationViewData>(
    source,
    at.builtin ? { knownHelpers: { if: true, each: true }, knownHelpersOnly: true } : {},
  )
  const render: BarRenderer = (data) => template(data)
  return at.builtin ? createPlannedRenderer(render) : render
}
