// The table of member kinds: the root entry exports every kind's decorator (from the kinds' one
// list of public names) and nothing of the table itself; the helpers over a loaded value
// (`whenLoaded`, `whenCounted`, `whenAggregated`, `whenExistsLoaded`) read the model as their kinds'
// rules do, their `cb` and `fallback` after the names that say where the value is.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import * as api from '../../src'
import { JsonResource, MISSING, registerModelRules } from '../../src'
import { KINDS } from '../../src/metadata/kinds'
import { carriedKind } from '../../src/metadata/kinds/kind'

const KINDS_DIR = join(__dirname, '../../src/metadata/kinds')

/** The names of the kinds the exports of `file` (a module of the kinds' folder) carry. */
function kindsCarriedBy(file: string): string[] {
  const exported = require(join(KINDS_DIR, file)) as Record<string, unknown>
  return Object.values(exported).flatMap((value) => carriedKind(value)?.name ?? [])
}

class Any extends JsonResource<unknown> {}

const on = (model: unknown) => new Any(model)

describe('the kind table and the root entry', () => {
  it('exports the decorator of every kind in the table, which carries that kind', () => {
    const root = api as unknown as Record<string, unknown>
    for (const [name, kind] of Object.entries(KINDS))
      expect([kind.decorator, carriedKind(root[kind.decorator])?.name]).toEqual([
        kind.decorator,
        name,
      ])
  })

  it("every kind's module has a decorator carrying its kind, and the public names list them all", () => {
    const modules = readdirSync(KINDS_DIR).filter(
      (file) => file.endsWith('.ts') && !['kind.ts', 'index.ts', 'decorators.ts'].includes(file),
    )
    const carried = modules.flatMap((file) => kindsCarriedBy(file))
    // each module's decorators carry at least one kind, each under its own name
    for (const file of modules)
      expect([file, kindsCarriedBy(file).length > 0]).toEqual([file, true])
    expect(new Set(carried).size).toBe(carried.length)
    // the table finds every kind through decorators.ts: a module left out of it would be missing
    expect(kindsCarriedBy('decorators.ts').sort()).toEqual([...carried].sort())
    expect(Object.keys(KINDS).sort()).toEqual([...carried].sort())
  })

  it('exports nothing of the table itself', () => {
    for (const name of [
      'KINDS',
      'carriedKind',
      'kindRules',
      'HELPERS',
      'kind',
      'conditionalKind',
      'loadedHelper',
    ])
      expect(Object.keys(api)).not.toContain(name)
  })

  it('every kind renders a key but MergeWhen (merged) and Relationship (linkage)', () => {
    const outputs = Object.entries(KINDS).map(([name, kind]) => [name, kind.rules.output])
    expect(outputs.filter(([, output]) => output !== 'key')).toEqual([
      ['mergeWhen', 'merge'],
      ['relationship', 'none'],
    ])
  })
})

describe('helpers over a loaded value', () => {
  const model = {
    author: { id: 7 },
    editor: null,
    posts_count: 3,
    tags_count: null,
    posts_sum_votes: '12.50',
    posts_avg_score: null,
    posts_exists: 1,
    drafts_exists: 0,
    notes_exists: null,
  }

  it('whenLoaded: the relation, null, or the fallback (a function called) when not loaded', () => {
    const r = on(model)
    expect(r.whenLoaded('author')).toEqual({ id: 7 })
    expect(r.whenLoaded('author', (a: { id: number }) => a.id * 2)).toBe(14)
    expect(r.whenLoaded('editor', () => 'never called')).toBeNull()
    expect(r.whenLoaded('comments')).toBe(MISSING)
    expect(r.whenLoaded('comments', undefined, 'none')).toBe('none')
    expect(r.whenLoaded('comments', undefined, () => 'lazy')).toBe('lazy')
  })

  it('whenCounted: the count (snake case), null, or the fallback', () => {
    const r = on(model)
    expect(r.whenCounted('posts')).toBe(3)
    expect(r.whenCounted('posts', (n) => n + 1)).toBe(4)
    expect(r.whenCounted('tags', (n) => n + 1)).toBeNull()
    expect(r.whenCounted('comments')).toBe(MISSING)
    expect(r.whenCounted('comments', undefined, 0)).toBe(0)
  })

  it('whenAggregated: three names, then cb (a value or a function) and fallback', () => {
    const r = on(model)
    expect(r.whenAggregated('posts', 'votes', 'sum')).toBe('12.50')
    expect(r.whenAggregated('posts', 'votes', 'sum', (v) => Number(v))).toBe(12.5)
    expect(r.whenAggregated('posts', 'votes', 'sum', 'selected')).toBe('selected')
    expect(r.whenAggregated('posts', 'score', 'avg', () => 'never called')).toBeNull()
    expect(r.whenAggregated('posts', 'votes', 'max')).toBe(MISSING)
    expect(r.whenAggregated('posts', 'votes', 'max', undefined, () => 'n/a')).toBe('n/a')
  })

  it('whenExistsLoaded: a boolean (the rules map it), null, or the fallback', () => {
    const r = on(model)
    expect(r.whenExistsLoaded('posts')).toBe(true)
    expect(r.whenExistsLoaded('drafts')).toBe(false)
    expect(r.whenExistsLoaded('drafts', (b) => (b ? 'yes' : 'no'))).toBe('no')
    expect(r.whenExistsLoaded('notes')).toBeNull()
    expect(r.whenExistsLoaded('comments')).toBe(MISSING)
    expect(r.whenExistsLoaded('comments', undefined, false)).toBe(false)
  })

  it('over a model that is not an object: the fallback, else no key', () => {
    for (const resource of [null, undefined, 42]) {
      const r = on(resource)
      expect(r.whenLoaded('author')).toBe(MISSING)
      expect(r.whenCounted('posts', undefined, 0)).toBe(0)
      expect(r.whenAggregated('posts', 'votes', 'sum', undefined, 'd')).toBe('d')
      expect(r.whenExistsLoaded('posts')).toBe(MISSING)
    }
  })

  it("read through the model class's registered rules", () => {
    class Model {
      readonly loaded = new Map<string, unknown>([['author', { id: 1 }]])
    }
    registerModelRules(Model, {
      relation: (m, name) =>
        (m as Model).loaded.has(name) ? (m as Model).loaded.get(name) : MISSING,
      count: (_m, name) => (name === 'posts' ? 5 : MISSING),
    })
    const r = on(new Model())
    expect(r.whenLoaded('author')).toEqual({ id: 1 })
    expect(r.whenLoaded('editor', undefined, 'none')).toBe('none')
    expect(r.whenCounted('posts')).toBe(5)
    expect(r.whenCounted('tags')).toBe(MISSING)
  })
})
