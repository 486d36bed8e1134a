import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import {
  nullsFirstByDefault,
  type CursorColumn,
  type KeysetCondition,
} from '../../pagination/cursor-query'

/**
 * How one ORM spells the parts of a keyset condition in its own `where` language (Prisma's
 * `{ a: { gt: 1 } }`, Sequelize's `{ a: { [Op.gt]: 1 } }`, Drizzle's `gt(col, 1)`...). `column` is
 * the `column` of a {@link CursorColumn}.
 */
export interface WhereSpelling<W> {
  compare(column: string, operator: '<' | '>' | '=', value: CursorValue): W
  /**
   * `<=`/`>=` as one comparison, where the ORM has one (the leading bound of a keyset, which an
   * index reads as a range); without it, `<` or `=`.
   */
  compareInclusive?(column: string, operator: '<=' | '>=', value: CursorValue): W
  isNull(column: string, negated: boolean): W
  and(conditions: W[]): W
  or(conditions: W[]): W
  /** A condition no row meets. */
  none(): W
}

/** A keyset condition in an ORM's own `where` language. */
export function spellCondition<W>(condition: KeysetCondition, spelling: WhereSpelling<W>): W {
  switch (condition.kind) {
    case 'compare': {
      const { column, operator, value } = condition
      if (operator === '<' || operator === '>') return spelling.compare(column, operator, value)
      if (spelling.compareInclusive !== undefined)
        return spelling.compareInclusive(column, operator, value)
      const strict = operator === '<=' ? '<' : '>'
      return spelling.or([
        spelling.compare(column, strict, value),
        spelling.compare(column, '=', value),
      ])
    }
    case 'rows':
      return spellCondition(
        rowsExpanded(condition.columns, condition.operator, condition.values),
        spelling,
      )
    case 'equal':
      return spelling.compare(condition.column, '=', condition.value)
    case 'null':
      return spelling.isNull(condition.column, condition.negated)
    case 'and':
      return spelling.and(condition.conditions.map((c) => spellCondition(c, spelling)))
    case 'or':
      return spelling.or(condition.conditions.map((c) => spellCondition(c, spelling)))
    case 'false':
      return spelling.none()
  }
}

/**
 * A keyset condition as SQL, for an ORM whose where takes raw SQL: each column as `sqlOf` writes
 * it (quoted), each value as `value` writes it (a placeholder it binds, or an escaped literal,
 * cast as the column needs), in the order they appear in the text. Row values stay row values.
 * @internal
 */
export function keysetSql(
  condition: KeysetCondition,
  sqlOf: (column: string) => string,
  value: (column: string, value: CursorValue) => string,
): string {
  switch (condition.kind) {
    case 'compare':
    case 'equal': {
      const operator = condition.kind === 'equal' ? '=' : condition.operator
      return `${sqlOf(condition.column)} ${operator} ${value(condition.column, condition.value)}`
    }
    case 'rows': {
      const names = condition.columns.map(sqlOf).join(', ')
      const values = condition.columns.map((c, i) => value(c, condition.values[i])).join(', ')
      return `(${names}) ${condition.operator} (${values})`
    }
    case 'null':
      return `${sqlOf(condition.column)} is ${condition.negated ? 'not ' : ''}null`
    case 'and':
    case 'or':
      return `(${condition.conditions
        .map((c) => keysetSql(c, sqlOf, value))
        .join(` ${condition.kind} `)})`
    case 'false':
      return '1 = 0'
  }
}

/** `(a, b) > (x, y)` as `a > x or (a = x and b > y)`, for a `where` language without row values. */
function rowsExpanded(
  columns: readonly string[],
  operator: '<' | '>' | '<=' | '>=',
  values: readonly CursorValue[],
): KeysetCondition {
  const [column, ...rest] = columns
  const strict = operator.startsWith('<') ? '<' : '>'
  if (rest.length === 0) return { kind: 'compare', column, operator, value: values[0] }
  return {
    kind: 'or',
    conditions: [
      { kind: 'compare', column, operator: strict, value: values[0] },
      {
        kind: 'and',
        conditions: [
          { kind: 'equal', column, value: values[0] },
          rowsExpanded(rest, operator, values.slice(1)),
        ],
      },
    ],
  }
}

/**
 * The query's own `where` ANDed with the keyset condition (`own` alone without a cursor); `group`
 * puts the query's own `where` in parentheses where the ORM writes it as it is (raw SQL).
 */
export function withKeyset<W>(
  own: W | undefined,
  condition: KeysetCondition | undefined,
  spelling: WhereSpelling<W>,
  group: (where: W) => W = (where) => where,
): W | undefined {
  if (condition === undefined) return own
  const keyset = spellCondition(condition, spelling)
  return own === undefined ? keyset : spelling.and([group(own), keyset])
}

/** One ORDER BY item as an ORM states it, read into its parts. */
export interface OrderItem {
  /** The name the rows carry the value under (a property, a field, `alias.property`). */
  readonly name: string
  /** What the WHERE compares (defaults to `name`). */
  readonly column?: string
  readonly descending: boolean
  /** The item's own NULL placement, when it states one. */
  readonly nulls?: 'first' | 'last'
}

/**
 * The cursor columns of an ORM query's order, NULLs placed as the item says or else as the
 * dialect sorts them (`nullsAreLargest`: PostgreSQL). No items: an `ArgumentError` naming `fn`.
 */
export function cursorColumns(
  fn: string,
  items: readonly OrderItem[],
  nullsAreLargest: boolean,
): CursorColumn[] {
  if (items.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  return items.map((item) => ({
    name: item.name,
    column: item.column ?? item.name,
    descending: item.descending,
    nullsFirst:
      item.nulls === undefined
        ? nullsFirstByDefault(nullsAreLargest, item.descending)
        : item.nulls === 'first',
  }))
}

/**
 * A direction string as ORMs write it (`'ASC'`, `'desc'`, `'DESC NULLS FIRST'`, `'asc nulls
 * last'`), or undefined when it is not one.
 */
export function parseDirection(
  text: unknown,
): { descending: boolean; nulls?: 'first' | 'last' } | undefined {
  if (typeof text !== 'string') return undefined
  const match = /^\s*(asc|desc)(?:\s+nulls\s+(first|last))?\s*$/i.exec(text)
  if (match === null) return undefined
  const descending = match[1].toLowerCase() === 'desc'
  const nulls = match[2]?.toLowerCase() as 'first' | 'last' | undefined
  return nulls === undefined ? { descending } : { descending, nulls }
}

/**
 * Is `column`'s NULL placement the dialect's own (so the ORDER BY need not state it)?
 */
export function defaultNulls(column: CursorColumn, nullsAreLargest: boolean): boolean {
  return column.nullsFirst === nullsFirstByDefault(nullsAreLargest, column.descending)
}
