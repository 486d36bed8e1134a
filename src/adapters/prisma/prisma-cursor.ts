import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import { setExactCursorValues } from '../../pagination/cursor-paginator'
import type { CursorColumn } from '../../pagination/cursor-query'
import { SPECIAL_NUMBER_TEXT, valueFits } from '../orm-support/column-schema'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import * as prismaClient from './prisma-client'
import type { PrismaDelegateLike, PrismaFindManyArgs } from './prisma-paginate'

/** The scalar fields of the delegate's model, when the client says; else undefined (any field). */
function scalarFields(delegate: prismaClient.Internals): Set<string> | undefined {
  const fields = prismaClient.runtimeFields(delegate, delegate.$name ?? '')
  if (fields === undefined) return undefined
  return new Set(fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum').map((f) => f.name))
}

/** A scalar field as the model declares it in the schema. */
interface PrismaField {
  /** Not optional (`Int`, not `Int?`): Prisma refuses `{ field: null }` for it. */
  readonly required: boolean
  /** The Prisma type: `DateTime`, `Decimal`, `BigInt`... */
  readonly type: string
  /** The native type attribute, as written: `Timestamptz(6)` of `@db.Timestamptz(6)`. */
  readonly native?: string
  /**
   * The values of an enum field's enum, in the order the enum declares them, each with the text
   * the database stores (its `@map`, else the value).
   */
  readonly values?: ReadonlyMap<string, string>
}

/** The values of each enum the schema declares (the first word of each line of its block). */
function schemaEnums(schema: string): Map<string, ReadonlyMap<string, string>> {
  const enums = new Map<string, ReadonlyMap<string, string>>()
  for (const [, name, body] of schema.matchAll(/^enum\s+(\w+)\s*\{([\s\S]*?)^[ \t]*\}/gm)) {
    const values = new Map<string, string>()
    for (const line of body.split('\n')) {
      const value = /^\s*(\w+)(?:\s+@map\(\s*"([^"]*)"\s*\))?/.exec(line)
      if (value !== null) values.set(value[1], value[2] ?? value[1])
    }
    enums.set(name, values)
  }
  return enums
}

/**
 * An enum's values in the order the database sorts them: PostgreSQL and MySQL/MariaDB store an
 * enum as a type of their own, sorted as declared; SQLite stores its text, sorted as text.
 */
function enumOrder(values: ReadonlyMap<string, string>, provider: string): string[] {
  const declared = [...values.keys()]
  if (provider !== 'sqlite') return declared
  const text = (value: string) => values.get(value) ?? value
  return declared.sort((a, b) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0))
}

/**
 * The fields of the delegate's model, read from the schema the generated client carries (empty
 * when it is not there: every field then taken as optional and of unknown type).
 */
function modelFields(delegate: prismaClient.Internals): Map<string, PrismaField> {
  const schema = prismaClient.schemaOf(delegate)
  const block = prismaClient.modelBlock(schema, delegate.$name ?? '')
  const fields = new Map<string, PrismaField>()
  const enums = schemaEnums(schema)
  for (const line of block.split('\n')) {
    const field = /^\s*(\w+)\s+(\w+)(\?|\[\])?(?:\s+(.*))?$/.exec(line)
    if (field === null) continue
    const native = /@db\.(\w+(?:\([^)]*\))?)/.exec(field[4] ?? '')?.[1]
    const values = enums.get(field[2])
    fields.set(field[1], {
      required: field[3] === undefined,
      type: field[2],
      ...(native === undefined ? {} : { native }),
      ...(values === undefined ? {} : { values }),
    })
  }
  return fields
}

/** The SQL type whose cursor values a field of a Prisma type takes (see `valueFits`). */
const VALUE_TYPES: Record<string, string> = {
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric',
  DateTime: 'timestamp',
  Boolean: 'boolean',
  String: 'text',
}

/** The largest magnitude of an `Int` (32 bits) and a `BigInt` (64 bits) field. */
const INT_LIMITS: Record<string, bigint> = { Int: 2n ** 31n, BigInt: 2n ** 63n }

/**
 * Can a (non-NULL) cursor value be a value of `field`? Prisma's own type decides (on SQLite too,
 * where Prisma refuses a value of another type with its own error), an integer must fit the
 * field's size, and an enum field's value must be one of its enum's.
 */
function fitsField(field: PrismaField): CursorColumn['fits'] {
  const values = field.values
  if (values !== undefined) return (v) => typeof v === 'string' && values.has(v)
  const type = field.native === 'Uuid' ? 'uuid' : VALUE_TYPES[field.type]
  const fits = type === undefined ? undefined : valueFits('postgres', type)
  const limit = INT_LIMITS[field.type]
  if (fits === undefined) return undefined
  if (field.type === 'DateTime')
    return (v) => fits(v) && !Number.isNaN(new Date(v as string).getTime())
  // a Float or Decimal takes no `NaN` or `Infinity` text (PostgreSQL's column would)
  if (field.type === 'Float' || field.type === 'Decimal')
    return (v) => fits(v) && !(typeof v === 'string' && SPECIAL_NUMBER_TEXT.test(v))
  if (limit === undefined) return fits
  // an `Int` is a JSON number in the cursors this package writes (a `BigInt`, its digits)
  const kind = field.type === 'Int' ? 'number' : undefined
  return (v) =>
    (kind === undefined || typeof v === kind) && fits(v) && -limit <= BigInt(v) && BigInt(v) < limit
}

/** A cursor value as Prisma takes it for a field of `type` (a Date, a bigint, a number). */
function fieldValue(type: string | undefined, value: CursorValue): unknown {
  if (value === null) return value
  switch (type) {
    case 'DateTime':
      return new Date(value as string)
    case 'BigInt':
      return BigInt(value)
    case 'Int':
    case 'Float':
      return Number(value)
    default:
      return value
  }
}

/**
 * `name operator value` in Prisma's `where`. A `Boolean` or enum filter has no `gt`/`lt`: the values
 * beyond `value` are listed (false < true; an enum's in the order the database sorts them), and
 * nothing lies beyond either end.
 */
function compareField(
  name: string,
  field: PrismaField | undefined,
  provider: string,
  operator: '<' | '>' | '=',
  value: CursorValue,
): object {
  const type = field?.type
  if (operator === '=') return { [name]: { equals: fieldValue(type, value) } }
  const values =
    type === 'Boolean'
      ? [false, true]
      : field?.values === undefined
        ? undefined
        : enumOrder(field.values, provider)
  if (values === undefined)
    return { [name]: { [operator === '>' ? 'gt' : 'lt']: fieldValue(type, value) } }
  const at = values.indexOf(value as never)
  const beyond = operator === '>' ? values.slice(at + 1) : values.slice(0, Math.max(at, 0))
  // a Boolean filter takes `equals`, not `in`: one value lies beyond either end at most
  if (beyond.length === 0) return { OR: [] }
  return { [name]: beyond.length === 1 ? { equals: beyond[0] } : { in: beyond } }
}

/**
 * `name <= value` / `name >= value` in Prisma's `where`: `lte`/`gte`, or the values of a `Boolean`
 * or enum field up to and including `value`.
 */
function inclusiveField(
  name: string,
  field: PrismaField | undefined,
  provider: string,
  operator: '<=' | '>=',
  value: CursorValue,
): object {
  const type = field?.type
  if (type !== 'Boolean' && field?.values === undefined)
    return { [name]: { [operator === '>=' ? 'gte' : 'lte']: fieldValue(type, value) } }
  const strict = compareField(name, field, provider, operator === '>=' ? '>' : '<', value)
  return { OR: [strict, compareField(name, field, provider, '=', value)] }
}

/**
 * Why a field's values do not travel exactly through the JS value Prisma reads, and the fix;
 * undefined when they do. A `DateTime` is a JS Date (milliseconds): inexact on a column of more
 * fractional digits (`@db.Timestamptz(6)`, `@db.Timestamp`: PostgreSQL's default is 6; a plain
 * `DateTime` is `timestamp(3)` on PostgreSQL, `datetime(3)` on MySQL). A `Float` of a single
 * precision column (`@db.Real`, MySQL's `@db.Float`) reads as the nearest double, which Prisma
 * binds as a double that the stored single never equals.
 */
function inexactField(provider: string, name: string, field: PrismaField): string | undefined {
  const native = field.native ?? ''
  const [, kind = '', digits] = /^(\w*)(?:\((\d*)\))?/.exec(native) ?? []
  if (field.type === 'DateTime' && native !== '' && kind !== 'Date') {
    const precision =
      digits !== undefined && digits !== ''
        ? Number(digits)
        : /postgres|cockroach/.test(provider)
          ? 6
          : 0
    if (precision > 3)
      return (
        `"${name}" is a DateTime of a @db.${native} column, which holds microseconds while ` +
        `Prisma reads a JS Date (milliseconds); declare it @db.${kind}(3) (or a plain DateTime), ` +
        'or order by another column'
      )
  }
  if (field.type === 'Float' && (kind === 'Real' || kind === 'Float'))
    return (
      `"${name}" is a Float of a @db.${native} column, a single-precision value that Prisma ` +
      'reads as the nearest double and compares as one; declare it a plain Float (double ' +
      'precision) or a Decimal, or order by another column'
    )
  return undefined
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
  const internals = delegate as unknown as prismaClient.Internals
  const provider = prismaClient.providerOf(internals)
  const largest = /postgres|cockroach/.test(provider)
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
  const fields = modelFields(internals)
  const columns = keysets.cursorColumns(fn, items, largest).map((c): CursorColumn => {
    const field = fields.get(c.name)
    if (field === undefined) return c
    const problem = inexactField(provider, c.name, field)
    if (problem !== undefined) throw ArgumentError.cursorOrder(fn, problem)
    const fits = fitsField(field)
    return {
      ...c,
      ...(field.required ? { nullable: false } : {}),
      ...(fits === undefined ? {} : { fits }),
    }
  })
  const decimals = columns.filter((c) => fields.get(c.name)?.type === 'Decimal').map((c) => c.name)
  const { skip: _skip, take: _take, ...rest } = args
  return {
    columns,
    // Prisma's `where` has no row values: a NOT NULL first column bounds the range (`lte`/`gte`),
    // which an index reads as a range, before the nested form
    indexForm: 'leading-bound',
    fetch: async (order, condition, limit) => {
      const where = keysets.withKeyset<unknown>(rest.where, condition, {
        compare: (name, operator, value) =>
          compareField(name, fields.get(name), provider, operator, value),
        compareInclusive: (name, operator, value) =>
          inclusiveField(name, fields.get(name), provider, operator, value),
        isNull: (name, negated) => ({ [name]: negated ? { not: null } : null }),
        and: (parts) => ({ AND: parts }),
        or: (parts) => ({ OR: parts }),
        none: () => ({ OR: [] }),
      })
      const sorted = order.map((c) => {
        const sort = c.descending ? 'desc' : 'asc'
        if (keysets.defaultNulls(c, largest)) return { [c.name]: sort }
        return { [c.name]: { sort, nulls: c.nullsFirst ? 'first' : 'last' } }
      })
      const rows = await delegate.findMany({ ...rest, where, orderBy: sorted, take: limit })
      if (decimals.length > 0)
        setExactCursorValues(
          rows,
          rows.map((row) => decimalTexts(row, decimals)),
        )
      return rows
    },
  }
}

/**
 * The texts of a row's `Decimal` values (Prisma reads them as Decimal objects, whose text is
 * exact), as its cursor values.
 */
function decimalTexts(row: unknown, names: readonly string[]): Map<string, CursorValue> {
  const values = new Map<string, CursorValue>()
  for (const name of names) {
    const value = (row as Record<string, unknown> | null)?.[name]
    if (value === null || value === undefined) values.set(name, null)
    else {
      // toFixed(): the digits in full, never an exponent
      const decimal = value as { toFixed?: () => string }
      values.set(
        name,
        typeof value === 'object' && typeof decimal.toFixed === 'function'
          ? decimal.toFixed()
          : String(value),
      )
    }
  }
  return values
}
