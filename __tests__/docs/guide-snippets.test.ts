// Runs the runnable ```ts snippets of every guide page that has no suite of its own next to the
// tests of its feature (those are listed in TESTED_ELSEWHERE), and checks the code fences: a ```ts
// block is either runnable or a fragment with a context (see ../support/guide-snippets.ts), and no
// TypeScript hides under another info string, where neither the runner nor the type check would
// see it.
import 'reflect-metadata'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  describeGuideSnippets,
  fenceLanguages,
  guidePages,
  snippets,
} from '../support/guide-snippets'

/** Pages whose snippets a suite next to their feature's tests runs. */
const TESTED_ELSEWHERE: Record<string, string> = {
  'html-bar.md': '__tests__/handlebars/guide-snippets.test.ts',
  'jsonapi.md': '__tests__/jsonapi/guide-snippets.test.ts',
  'resources.md': '__tests__/resources/guide-snippets.test.ts',
  'writing-adapters.md': '__tests__/pagination/guide-snippets.test.ts',
}

const root = join(__dirname, '..', '..')

describe('guide code fences', () => {
  it.each(guidePages())('%s: TypeScript only as ```ts', (page) => {
    for (const lang of fenceLanguages(page))
      expect([
        lang,
        ['ts', 'json', 'jsonc', 'console', 'js', 'sql', 'hbs', 'text', 'css'].includes(lang),
      ]).toEqual([lang, true])
  })

  it.each(Object.entries(TESTED_ELSEWHERE))('%s is run by %s', (page, suite) => {
    expect(readFileSync(join(root, suite), 'utf8')).toContain(`describeGuideSnippets('${page}'`)
  })
})

for (const page of guidePages())
  if (!(page in TESTED_ELSEWHERE) && snippets(page).length > 0)
    describeGuideSnippets(page, { atLeast: 1 })
