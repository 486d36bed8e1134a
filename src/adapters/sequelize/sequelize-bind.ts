/**
 * The values a Sequelize query takes from the request (a plan's filter values, a cursor's values)
 * sent as bind parameters: each is a `literal('$name')` in the `where`, its value in the `bind`
 * option of the `findAll` and `count` that run it. Sequelize's `findAll` writes `where` values into
 * its SQL as escaped literals; a bind parameter reaches the driver apart from the SQL.
 *
 * With `bind` set, Sequelize reads every `$name` (and `$$`) of the statement as a bind parameter,
 * in string literals too. So, for a query that has no `bind` of its own, text of the query's own
 * options that Sequelize would read that way (`'$5 off'`) is refused rather than changed; and a
 * `separate` include, which would inherit the parameters without referring to them, keeps the
 * query's own `bind` (none, for those the plan adds).
 */
import { planUnsupported } from '../orm-support/orm-paginators'
import { hasOwn } from '../../util/objects'

/** The parts of a model class the values are converted with. */
interface BindModel {
  readonly rawAttributes?: Readonly<Record<string, { readonly type?: unknown }>>
  readonly sequelize?: {
    getDialect(): string
    readonly options?: { readonly timezone?: string }
  }
}

/** A data type instance as the conversion reads it (`DataTypes.STRING(80)`, `DataTypes.DATE(6)`). */
interface DataType {
  readonly key?: string
  stringify?(value: unknown, options: object): unknown
}

const TEXT_TYPES = new Set(['STRING', 'TEXT', 'CHAR', 'CITEXT'])
const DATE_TYPES = new Set(['DATE', 'DATEONLY'])

/**
 * A value as Sequelize would have written it for the attribute: a date-time as ISO text for a text
 * attribute, in Sequelize's own format (its `timezone`) for a date attribute (on SQLite, which has
 * no date type, the text it stores: `2024-05-01 10:00:00.000 +00:00`; on SQLite any other
 * attribute's as ISO text); a number or boolean compared with a text attribute as text (as Sequelize writes
 * it, so that MySQL does not compare the column as a number).
 */
export function bindValue(model: BindModel, attribute: string, value: unknown): unknown {
  const type = model.rawAttributes?.[attribute]?.type as DataType | undefined
  const text = type?.key !== undefined && TEXT_TYPES.has(type.key)
  if (value instanceof Date) {
    const sqlite = model.sequelize?.getDialect() === 'sqlite'
    if (text || (sqlite && !DATE_TYPES.has(type?.key ?? ''))) return value.toISOString()
    const timezone = model.sequelize?.options?.timezone ?? '+00:00'
    return typeof type?.stringify === 'function' ? type.stringify(value, { timezone }) : value
  }
  if (text && (typeof value === 'number' || typeof value === 'boolean'))
    return String(Number(value))
  if (text && typeof value === 'bigint') return String(value)
  return value
}

/** Bind parameters being collected for one query. */
export interface SequelizeBinds {
  /** The `$name` text standing for `value` (for a literal written around it). */
  name(value: unknown): string
  /** A `literal('$name')` standing for `value`, for an `Op` comparison. */
  ref(value: unknown): unknown
  /**
   * `options` (built from the query the binds were started on) with the parameters in its `bind`
   * (the query's own kept) and every `separate` include keeping the query's own `bind`; `options`
   * itself when no value was bound. Throws (`fn` named) when the query, having no `bind` of its
   * own, holds text Sequelize would read as a bind parameter.
   */
  into<O extends object>(options: O, fn: string): O
}

/** Starts the bind parameters of a copy of `query` (its own `bind`, if any, is kept). */
export function sequelizeBinds(
  query: { readonly bind?: unknown },
  literal: (sql: string) => unknown,
): SequelizeBinds {
  const own = query.bind
  const list = Array.isArray(own) ? [...(own as unknown[])] : undefined
  const named: Record<string, unknown> =
    list === undefined && typeof own === 'object' && own !== null ? { ...own } : {}
  let bound = 0
  let next = 0
  const name = (value: unknown): string => {
    bound++
    if (list !== undefined) return `$${list.push(value)}`
    let key: string
    do key = `ar${++next}`
    while (hasOwn.call(named, key))
    named[key] = value
    return `$${key}`
  }
  return {
    name,
    ref: (value) => literal(name(value)),
    into<O extends object>(options: O, fn: string): O {
      if (bound === 0) return options
      if ((query as { replacements?: unknown }).replacements !== undefined)
        throw planUnsupported(
          fn,
          "a Sequelize query without replacements once the request's values are bound (Sequelize takes replacements or bind, not both): use bind",
          'replacements',
        )
      if (own === undefined) {
        const text = bindText(query, new WeakSet())
        if (text !== undefined)
          throw planUnsupported(
            fn,
            "a Sequelize query whose own options hold no text Sequelize reads as a bind parameter ($name, $1 or $$) once the request's values are bound; pass such a value through the query's bind (where: { title: { [Op.eq]: literal('$title') } }, bind: { title })",
            JSON.stringify(text),
          )
      }
      const include = (options as { include?: unknown }).include
      return {
        ...options,
        bind: list ?? named,
        ...(include === undefined ? {} : { include: ownBind(include, own) }),
      }
    },
  }
}

/** Options that hold models, connections or functions, not SQL text. */
const NOT_TEXT = new Set(['model', 'association', 'transaction', 'logging', 'bind', 'sequelize'])

/** The first text of a query's options Sequelize would read as a bind parameter, if any. */
function bindText(value: unknown, seen: WeakSet<object>): string | undefined {
  if (typeof value === 'string') return /(?<!\w)\$[\w$]/.test(value) ? value : undefined
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined
  if (seen.has(value)) return undefined
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'string' && NOT_TEXT.has(key)) continue
    const found = bindText((value as Record<string | symbol, unknown>)[key], seen)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * The `include` option with every `separate` include (at any depth) given `bind` (the query's own):
 * Sequelize passes the parent's `bind` to the queries of `separate` includes, which refer to none of
 * the request's parameters (SQLite and PostgreSQL refuse parameters a statement does not use). An
 * include that sets its own `bind` is kept.
 */
function ownBind(include: unknown, bind: unknown): unknown {
  if (Array.isArray(include)) {
    const items = include.map((item) => ownBind(item, bind))
    return items.every((item, i) => item === include[i]) ? include : items
  }
  if (typeof include !== 'object' || include === null || hasOwn.call(include, 'bind'))
    return include
  const item = include as { separate?: unknown; include?: unknown }
  const nested = item.include === undefined ? undefined : ownBind(item.include, bind)
  if (item.separate !== true && nested === item.include) return include
  return {
    ...item,
    ...(nested === undefined ? {} : { include: nested }),
    ...(item.separate === true ? { bind } : {}),
  }
}
