/**
 * A query plan as `findMany()` arguments: the plan's conditions as `where` (ANDed with the app's,
 * values handed to Prisma, which binds them), its order as `orderBy`, its includes as nested
 * `include` (Prisma loads each relation level with one query for the whole page) and its counts as
 * `_count`. Relation names are the model's (the resource's `relation` renames map wire names to
 * them); to-many relations are ordered by the related model's key (`@id` or `@@id`).
 */
import { QueryParameterError } from '../../errors/base'
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { attachPivot } from '../orm-support/attach-pivot'
import { planUnsupported } from '../orm-support/orm-paginators'
import {
  includeTree,
  spellPlanWhere,
  type IncludeTree,
  type PlanWhereSpelling,
} from '../orm-support/plan-parts'
import * as prismaClient from './prisma-client'
import type { PrismaDelegateLike, PrismaFindManyArgs } from './prisma-paginate'

interface ModelField {
  readonly kind: string
  readonly type: string
  readonly list: boolean
}

/**
 * A model's fields (kind, type, list) and its key, from the generated client: its `@id` field, or
 * the fields of its `@@id([...])`.
 */
interface ModelInfo {
  readonly fields: ReadonlyMap<string, ModelField>
  readonly key?: readonly string[]
}

function modelInfo(internals: prismaClient.Internals, name: string): ModelInfo | undefined {
  const runtime = prismaClient.runtimeFields(internals, name)
  if (runtime === undefined) return undefined
  const block = prismaClient.modelBlock(prismaClient.schemaOf(internals), name)
  const lists = new Set<string>()
  let key: string[] | undefined
  for (const line of block.split('\n')) {
    // `@@id([a, b])`, `@@id(fields: [a, b(sort: Desc)], name: "ab")`
    const compound = /^\s*@@id\(\s*(?:fields:\s*)?\[([^\]]*)\]/.exec(line)
    if (compound !== null) key = compound[1].split(',').map((part) => /\w+/.exec(part)?.[0] ?? '')
    const field = /^\s*(\w+)\s+\w+(\[\])?/.exec(line)
    if (field === null) continue
    if (field[2] !== undefined) lists.add(field[1])
    if (/\s@id\b/.test(line)) key = [field[1]]
  }
  const fields = new Map<string, ModelField>()
  for (const f of runtime)
    fields.set(f.name, { kind: f.kind, type: f.type, list: lists.has(f.name) })
  return { fields, ...(key === undefined || key.includes('') ? {} : { key }) }
}

/** A plan value as Prisma takes it for the field: a date-time as ISO text for a String field. */
function valueFor(model: ModelInfo | undefined, column: string, value: FilterValue): FilterValue {
  if (!(value instanceof Date)) return value
  return model?.fields.get(column)?.type === 'String' ? value.toISOString() : value
}

/**
 * Prisma passes contains / startsWith text into LIKE unescaped. PostgreSQL and MySQL take a
 * backslash as LIKE's escape, so `%`, `_` and `\` are escaped with it; SQLite's LIKE has no escape
 * character, so a value holding `%` or `_` cannot be matched literally there: a 400 naming the
 * parameter, never a wrong page.
 */
function likeText(plan: QueryPlan, provider: string, text: string): string {
  if (provider !== 'sqlite') return text.replace(/[\\%_]/g, '\\$&')
  if (!/[%_]/.test(text)) return text
  const parameter =
    Object.keys(plan.parameters).find(
      (key) => /\[(contains|starts_with)\]$/.test(key) && plan.parameters[key].includes(text),
    ) ?? 'filter'
  throw new QueryParameterError({
    [parameter]: [
      `${parameter} cannot hold % or _ here (they would match any text); leave them out.`,
    ],
  })
}

function spelling(
  model: ModelInfo | undefined,
  plan: QueryPlan,
  provider: string,
): PlanWhereSpelling<object> {
  const PRISMA = { eq: 'equals', ne: 'not', lt: 'lt', lte: 'lte', gt: 'gt', gte: 'gte' } as const
  return {
    compare: (column, op, value) => ({
      [column]: { [PRISMA[op]]: valueFor(model, column, value) },
    }),
    in: (column, values) => ({ [column]: { in: values.map((v) => valueFor(model, column, v)) } }),
    isNull: (column, negated) => ({ [column]: negated ? { not: null } : null }),
    // Prisma escapes % and _ in contains / startsWith itself
    like: (column, op, text) => {
      const escaped = likeText(plan, provider, text)
      return { [column]: op === 'contains' ? { contains: escaped } : { startsWith: escaped } }
    },
    and: (parts) => ({ AND: parts }),
    or: (parts) => ({ OR: parts }),
  }
}

/**
 * A relation of an explicit join model, named `<join field>.<related field>` (`postTags.tag`): the
 * model's list of join rows and, on the join model, the related model's field.
 */
interface JoinPath {
  readonly join: string
  readonly related: string
  /** The related model's name and key, when the client describes them. */
  readonly model?: string
  readonly key?: readonly string[]
}

/** `postTags.tag` as a {@link JoinPath} of `model`, checked where the client describes it. */
function joinPath(
  fn: string,
  internals: prismaClient.Internals,
  model: string,
  info: ModelInfo | undefined,
  relation: string,
): JoinPath {
  const [join, related, ...rest] = relation.split('.')
  const joinField = info?.fields.get(join)
  const joinInfo = joinField === undefined ? undefined : modelInfo(internals, joinField.type)
  const relatedField = joinInfo?.fields.get(related)
  const known = info !== undefined
  if (
    rest.length > 0 ||
    (known && (joinField?.kind !== 'object' || !joinField.list)) ||
    (joinInfo !== undefined && (relatedField?.kind !== 'object' || relatedField.list))
  )
    throw planUnsupported(
      fn,
      `a relation of an explicit join model named <join field>.<related field>: a list relation of the Prisma model ${model}, then a to-one relation of its join model`,
      JSON.stringify(relation),
    )
  const target = relatedField === undefined ? undefined : modelInfo(internals, relatedField.type)
  return {
    join,
    related,
    ...(relatedField === undefined ? {} : { model: relatedField.type }),
    ...(target?.key === undefined ? {} : { key: target.key }),
  }
}

/** One relation's `include` entry: nested includes, and an order for a list. */
function includeEntry(nested: Record<string, unknown>, orderBy: unknown): unknown {
  if (Object.keys(nested).length === 0 && orderBy === undefined) return true
  return {
    ...(Object.keys(nested).length > 0 ? { include: nested } : {}),
    ...(orderBy === undefined ? {} : { orderBy }),
  }
}

/**
 * The nested `include` of a tree, checked against the models where the client describes them. A
 * relation of an explicit join model (`postTags.tag`) includes the join rows, each with its related
 * model, ordered by the related model's key (the Knex adapter orders a pivot by the related key).
 */
function includeOf(
  fn: string,
  internals: prismaClient.Internals,
  model: string,
  tree: IncludeTree,
): Record<string, unknown> {
  const info = modelInfo(internals, model)
  const include: Record<string, unknown> = {}
  for (const [relation, children] of Object.entries(tree)) {
    if (relation.includes('.')) {
      const path = joinPath(fn, internals, model, info, relation)
      const nested = path.model === undefined ? {} : includeOf(fn, internals, path.model, children)
      const own = include[path.join]
      const ownInclude =
        typeof own === 'object' && own !== null ? (own as { include?: object }).include : {}
      include[path.join] = {
        include: { ...ownInclude, [path.related]: includeEntry(nested, undefined) },
        ...(path.key === undefined
          ? {}
          : { orderBy: path.key.map((part) => ({ [path.related]: { [part]: 'asc' } })) }),
      }
      continue
    }
    const field = info?.fields.get(relation)
    if (info !== undefined && field?.kind !== 'object')
      throw planUnsupported(
        fn,
        `include paths that are relations of the Prisma model ${model} (a resource member named otherwise gives the relation: @WhenLoaded(() => R, { relation: '<field>' }); an explicit join model: { relation: '<join field>.<related field>' })`,
        JSON.stringify(relation),
      )
    const nested = field === undefined ? {} : includeOf(fn, internals, field.type, children)
    const related = field === undefined ? undefined : modelInfo(internals, field.type)
    const orderBy =
      field?.list === true && related?.key !== undefined
        ? related.key.map((part) => ({ [part]: 'asc' }))
        : undefined
    if (include[relation] === undefined) include[relation] = includeEntry(nested, orderBy)
  }
  return include
}

/** `findMany()` arguments with the plan in them (a new object; `args` is not changed). */
export function prismaPlanArgs(
  delegate: PrismaDelegateLike<unknown>,
  args: PrismaFindManyArgs,
  plan: QueryPlan,
  fn: string,
): PrismaFindManyArgs {
  const internals = delegate as unknown as prismaClient.Internals
  const name = internals.$name ?? ''
  const model = modelInfo(internals, name)
  const provider = prismaClient.providerOf(internals)
  const where = spellPlanWhere(plan, spelling(model, plan, provider))
  const out: PrismaFindManyArgs = {
    ...args,
    orderBy: plan.order.map((entry) => ({ [entry.column]: entry.descending ? 'desc' : 'asc' })),
  }
  if (where !== undefined)
    out.where = args.where === undefined ? where : { AND: [args.where, where] }
  // a cursor is read off the rows: a `select` gets the order's fields too (the client chose them)
  if (fn === 'cursorPaginate' && typeof args.select === 'object' && args.select !== null)
    out.select = {
      ...args.select,
      ...Object.fromEntries(plan.order.map((entry) => [entry.column, true])),
    }
  const include = includeOf(fn, internals, name, includeTree(plan))
  if (plan.counts.length > 0) {
    const select: Record<string, true> = {}
    for (const count of plan.counts) {
      if (count.relation.includes('.')) {
        select[joinPath(fn, internals, name, model, count.relation).join] = true
        continue
      }
      const field = model?.fields.get(count.relation)
      if (model !== undefined && (field?.kind !== 'object' || !field.list))
        throw planUnsupported(
          fn,
          `counts of to-many relations of the Prisma model ${name} (include the relation itself for a to-one)`,
          JSON.stringify(count.name),
        )
      select[count.relation] = true
    }
    include._count = { select }
  }
  if (Object.keys(include).length === 0) return out
  // Prisma takes `include` or `select`, never both: the plan joins whichever the app used
  const key = args.select !== undefined ? 'select' : 'include'
  out[key] = mergedInclude(out[key], include)
  return out
}

/**
 * The app's own `include` (or `select`) with the plan's merged in. A relation the app names keeps
 * its arguments (`where`, `take`, `select`...: the app's filter is never widened by a client's
 * `include`); the plan adds its nested includes (into the app's `select` when it selects) and its
 * order where the app gives none. The same for `_count`: the app's counted relations keep theirs.
 */
function mergedInclude(own: unknown, plan: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = isObject(own) ? { ...own } : {}
  for (const [relation, added] of Object.entries(plan)) {
    const mine = out[relation]
    // `_count: true` counts every relation, the plan's too
    if (relation === '_count' && mine === true) continue
    if (!isObject(mine)) out[relation] = added
    else if (isObject(added)) {
      const entry: Record<string, unknown> = { ...mine }
      const nested = added.include ?? added.select
      if (isObject(nested)) {
        const into = mine.select !== undefined ? 'select' : 'include'
        entry[into] = mergedInclude(mine[into], nested)
      }
      if (entry.orderBy === undefined && added.orderBy !== undefined) entry.orderBy = added.orderBy
      out[relation] = entry
    }
  }
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * After the page: each relation of an explicit join model (`postTags.tag`) put on its rows under
 * that name, the related models with their join row as `pivot` (see `attachPivot`), and a count of
 * one under `_count` (the join rows' count). Not enumerable, so the rows serialize as Prisma
 * returned them.
 */
export function attachJoinRelations(rows: readonly object[], plan: QueryPlan): void {
  const put = (target: object, key: string, value: unknown) =>
    Object.defineProperty(target, key, { value, configurable: true, writable: true })
  const joins = (tree: IncludeTree): boolean =>
    Object.entries(tree).some(([relation, children]) => relation.includes('.') || joins(children))
  const walk = (parents: readonly object[], tree: IncludeTree): void => {
    for (const [relation, children] of Object.entries(tree)) {
      if (!joins({ [relation]: children })) continue
      const next: object[] = []
      for (const parent of parents) {
        if (!relation.includes('.')) {
          const value = (parent as Record<string, unknown>)[relation]
          for (const item of [value].flat())
            if (typeof item === 'object' && item !== null) next.push(item)
          continue
        }
        const [join, related] = relation.split('.')
        const joinRows = (parent as Record<string, unknown>)[join]
        const list = Array.isArray(joinRows) ? (joinRows as Record<string, unknown>[]) : []
        put(parent, relation, attachPivot(list, related))
        for (const row of list)
          if (typeof row[related] === 'object' && row[related] !== null)
            next.push(row[related] as object)
      }
      if (next.length > 0) walk(next, children)
    }
  }
  walk(rows, includeTree(plan))
  for (const { relation } of plan.counts) {
    if (!relation.includes('.')) continue
    const join = relation.split('.')[0]
    for (const row of rows) {
      const counts = (row as { _count?: Record<string, unknown> })._count
      if (typeof counts === 'object' && counts !== null) put(counts, relation, counts[join])
    }
  }
}
