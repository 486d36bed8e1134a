/**
 * A query plan as `findMany()` arguments: the plan's conditions as `where` (ANDed with the app's,
 * values handed to Prisma, which binds them), its order as `orderBy`, its includes as nested
 * `include` (Prisma loads each relation level with one query for the whole page) and its counts as
 * `_count`. Relation names are the model's (the resource's `relation` renames map wire names to
 * them); to-many relations are ordered by the related model's `@id`.
 */
import { QueryParameterError } from '../../errors/query-errors'
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { planUnsupported } from '../orm-support/orm-paginators'
import {
  includeTree,
  spellPlanWhere,
  type IncludeTree,
  type PlanWhereSpelling,
} from '../orm-support/plan-parts'
import type { PrismaDelegateLike, PrismaFindManyArgs } from './prisma-paginate'

/** What the generated client tells of its models. */
interface PrismaClientInternals {
  readonly $name?: string
  readonly $parent?: {
    readonly _activeProvider?: string
    readonly _engineConfig?: { readonly inlineSchema?: string }
    readonly _runtimeDataModel?: {
      readonly models?: Record<
        string,
        {
          readonly fields?: readonly {
            readonly name: string
            readonly kind: string
            readonly type: string
          }[]
        }
      >
    }
  }
}

interface ModelField {
  readonly kind: string
  readonly type: string
  readonly list: boolean
}

/** A model's fields (kind, type, list) and its single `@id` field, from the generated client. */
interface ModelInfo {
  readonly fields: ReadonlyMap<string, ModelField>
  readonly id?: string
}

function modelInfo(internals: PrismaClientInternals, name: string): ModelInfo | undefined {
  const model = internals.$parent?._runtimeDataModel?.models?.[name]
  if (model?.fields === undefined) return undefined
  const schema = internals.$parent?._engineConfig?.inlineSchema ?? ''
  const block = new RegExp(`^model\\s+${name}\\s*\\{([^}]*)\\}`, 'm').exec(schema)?.[1] ?? ''
  const lists = new Set<string>()
  let id: string | undefined
  for (const line of block.split('\n')) {
    const field = /^\s*(\w+)\s+\w+(\[\])?/.exec(line)
    if (field === null) continue
    if (field[2] !== undefined) lists.add(field[1])
    if (/\s@id\b/.test(line)) id = field[1]
  }
  const fields = new Map<string, ModelField>()
  for (const f of model.fields)
    fields.set(f.name, { kind: f.kind, type: f.type, list: lists.has(f.name) })
  return { fields, ...(id === undefined ? {} : { id }) }
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

/** The nested `include` of a tree, checked against the models where the client describes them. */
function includeOf(
  fn: string,
  internals: PrismaClientInternals,
  model: string,
  tree: IncludeTree,
): Record<string, unknown> {
  const info = modelInfo(internals, model)
  const include: Record<string, unknown> = {}
  for (const [relation, children] of Object.entries(tree)) {
    const field = info?.fields.get(relation)
    if (info !== undefined && field?.kind !== 'object')
      throw planUnsupported(
        fn,
        `include paths that are relations of the Prisma model ${model} (a resource member named otherwise gives the relation: @WhenLoaded(() => R, { relation: '<field>' }))`,
        JSON.stringify(relation),
      )
    const nested = field === undefined ? {} : includeOf(fn, internals, field.type, children)
    const related = field === undefined ? undefined : modelInfo(internals, field.type)
    const orderBy =
      field?.list === true && related?.id !== undefined ? { [related.id]: 'asc' } : undefined
    include[relation] =
      Object.keys(nested).length === 0 && orderBy === undefined
        ? true
        : {
            ...(Object.keys(nested).length > 0 ? { include: nested } : {}),
            ...(orderBy ? { orderBy } : {}),
          }
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
  const internals = delegate as unknown as PrismaClientInternals
  const name = internals.$name ?? ''
  const model = modelInfo(internals, name)
  const provider = internals.$parent?._activeProvider ?? ''
  const where = spellPlanWhere(plan, spelling(model, plan, provider))
  const out: PrismaFindManyArgs = {
    ...args,
    orderBy: plan.order.map((entry) => ({ [entry.column]: entry.descending ? 'desc' : 'asc' })),
  }
  if (where !== undefined)
    out.where = args.where === undefined ? where : { AND: [args.where, where] }
  const include = includeOf(fn, internals, name, includeTree(plan))
  if (plan.counts.length > 0) {
    const select: Record<string, true> = {}
    for (const count of plan.counts) {
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
  const own = args[key]
  out[key] = { ...(typeof own === 'object' && own !== null ? own : {}), ...include }
  return out
}
