import { ArgumentError } from '../../errors/base'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { PrismaDelegateLike, PrismaFindManyArgs } from './prisma-paginate'

/** What a generated delegate knows of its client: the provider and the model's fields. */
interface PrismaDelegateInternals {
  readonly $name?: string
  readonly $parent?: {
    readonly _activeProvider?: string
    readonly _engineConfig?: { readonly inlineSchema?: string }
    readonly _runtimeDataModel?: {
      readonly models?: Record<
        string,
        { readonly fields?: readonly { readonly name: string; readonly kind: string }[] }
      >
    }
  }
}

/** The scalar fields of the delegate's model, when the client says; else undefined (any field). */
function scalarFields(delegate: PrismaDelegateInternals): Set<string> | undefined {
  const model = delegate.$parent?._runtimeDataModel?.models?.[delegate.$name ?? '']
  if (model?.fields === undefined) return undefined
  return new Set(
    model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum').map((f) => f.name),
  )
}

/**
 * The required (non-optional) scalar fields of the delegate's model, read from the schema the
 * generated client carries: Prisma refuses `{ field: null }` for them, so the keyset leaves their
 * NULL branches out. Empty when the schema is not there (every field then taken as optional).
 */
function requiredFields(delegate: PrismaDelegateInternals): Set<string> {
  const schema = delegate.$parent?._engineConfig?.inlineSchema ?? ''
  const name = delegate.$name ?? ''
  const block = new RegExp(`^model\\s+${name}\\s*\\{([^}]*)\\}`, 'm').exec(schema)?.[1] ?? ''
  const required = new Set<string>()
  for (const line of block.split('\n')) {
    const field = /^\s*(\w+)\s+\w+(\?|\[\])?(?:\s|$)/.exec(line)
    if (field !== null && field[2] === undefined) required.add(field[1])
  }
  return required
}

/** One `orderBy` entry: `{ field: 'asc' }` or `{ field: { sort: 'asc', nulls: 'last' } }`. */
function orderItem(
  entry: unknown,
  scalars: Set<string> | undefined,
): keysets.OrderItem | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined
  const keys = Object.keys(entry)
  if (keys.length !== 1 || (scalars !== undefined && !scalars.has(keys[0]))) return undefined
  const value = (entry as Record<string, unknown>)[keys[0]]
  const sort = value as { sort?: unknown; nulls?: unknown } | null
  const text =
    typeof value === 'string'
      ? value
      : typeof sort?.sort === 'string'
        ? `${sort.sort}${typeof sort.nulls === 'string' ? ` nulls ${sort.nulls}` : ''}`
        : undefined
  const direction = keysets.parseDirection(text)
  return direction === undefined ? undefined : { name: keys[0], ...direction }
}

/**
 * The cursor step of `delegate.findMany(args)`: its `orderBy` scalar fields (an object or a list of
 * one-field objects, `{ sort, nulls }` included), the keyset ANDed with `args.where`.
 * @internal
 */
export function prismaCursorSource<T>(
  delegate: PrismaDelegateLike<T>,
  args: PrismaFindManyArgs,
  fn: string,
): CursorSource<T> {
  const internals = delegate as unknown as PrismaDelegateInternals
  const largest = /postgres|cockroach/.test(internals.$parent?._activeProvider ?? '')
  const scalars = scalarFields(internals)
  const orderBy = args.orderBy === undefined ? [] : args.orderBy
  const entries = Array.isArray(orderBy)
    ? orderBy
    : Object.entries(orderBy as object).map(([key, value]) => ({ [key]: value }))
  const items = entries.map((entry: unknown, i) => {
    const item = orderItem(entry, scalars)
    if (item === undefined)
      throw ArgumentError.cursorOrder(
        fn,
        `the orderBy entry ${i + 1} is not { field: direction } of a scalar field`,
      )
    return item
  })
  const columns = keysets.cursorColumns(fn, items, largest)
  const required = requiredFields(internals)
  const { skip: _skip, take: _take, ...rest } = args
  return {
    columns,
    fetch: async (order, condition, limit) => {
      const where = keysets.withKeyset<unknown>(rest.where, condition, {
        compare: (name, operator, value) => ({
          [name]: { [operator === '=' ? 'equals' : operator === '>' ? 'gt' : 'lt']: value },
        }),
        // a required field is never NULL: IS NULL matches no row, IS NOT NULL every row
        isNull: (name, negated) => {
          if (required.has(name)) return negated ? {} : { OR: [] }
          return { [name]: negated ? { not: null } : null }
        },
        and: (parts) => ({ AND: parts }),
        or: (parts) => ({ OR: parts }),
        none: () => ({ OR: [] }),
      })
      const sorted = order.map((c) => {
        const sort = c.descending ? 'desc' : 'asc'
        if (keysets.defaultNulls(c, largest)) return { [c.name]: sort }
        return { [c.name]: { sort, nulls: c.nullsFirst ? 'first' : 'last' } }
      })
      return await delegate.findMany({ ...rest, where, orderBy: sorted, take: limit })
    },
  }
}
