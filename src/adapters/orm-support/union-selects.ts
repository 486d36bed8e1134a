/**
 * Cursor pages over a set operation (UNION, UNION ALL, INTERSECT, EXCEPT), as Laravel pages them:
 * the keyset condition restricts every SELECT of it, each through its own column of every order
 * column, and the set operation's ORDER BY and LIMIT order and cut the whole. A row passes the
 * condition or not by its values alone, so restricting each SELECT gives the rows of the whole
 * that pass it. This module finds a SELECT's own column of an order column, and merges what the
 * catalog says of those columns across the SELECTs. The Knex and Kysely steps read their builders'
 * select lists into {@link SelectEntry} lists. @internal
 */

import { ArgumentError } from '../../errors/base'
import type { CursorColumn } from '../../pagination/cursor-query'
import type { SchemaColumn, SqlFamily } from './column-schema'

/**
 * One column of a SELECT's select list: the name it gives its output column (undefined: not known,
 * raw SQL without an alias) and the table column it reads (`null`: an expression).
 */
export interface SelectEntry<R> {
  readonly output?: string
  readonly column: R | null
}

/** "the first SELECT", "the second SELECT", ... of the set operation. */
function ordinal(index: number): string {
  const words = ['first', 'second', 'third', 'fourth', 'fifth']
  return `the ${words[index] ?? `${index + 1}th`} SELECT of the union`
}

/**
 * The column SELECT number `index` (select list `entries`; undefined when it selects `*`) reads
 * for the order column `name`. The output columns of a set operation go by position: when the
 * first SELECT (`first`) and this one list their columns, the column at the position of `name` in
 * the first; else the one this SELECT names `name` (`byName(name)` when it selects `*`). An
 * expression, or a name the SELECT does not give, is an `ArgumentError`: its values could not be
 * compared in a WHERE.
 */
export function selectColumn<R>(
  fn: string,
  first: readonly SelectEntry<R>[] | undefined,
  entries: readonly SelectEntry<R>[] | undefined,
  index: number,
  name: string,
  byName: (name: string) => R,
): R {
  if (entries === undefined) return byName(name)
  const position = first?.findIndex((e) => e.output === name) ?? -1
  const entry = position === -1 ? entries.find((e) => e.output === name) : entries[position]
  if (entry === undefined || entry.column === null)
    throw ArgumentError.cursorOrder(
      fn,
      `"${name}" is ${entry === undefined ? 'not a column' : 'an expression'} in ${ordinal(index)}, ` +
        'and the keyset restricts every SELECT by its own column; select a column of its table ' +
        'under that name (or at that position) in every SELECT',
    )
  return entry.column
}

/**
 * The order columns of a set operation with what the catalog says of each SELECT's own column
 * (`perSelect[k][i]`: column i in SELECT k): `nullable: false` when no SELECT's column can hold
 * NULL, the values every one of them takes, the exact form they share. A column whose type the
 * catalog does not give in some SELECT (a derived table's, a joined table's named without its
 * table), or that travels exactly in different forms in two SELECTs (PostgreSQL `timestamp` and
 * `timestamptz`, MySQL `int` and `bigint`), is an `ArgumentError` before any page runs: its
 * cursor values could not be carried and compared exactly. `family` undefined (a database whose
 * catalog is not read): the columns as given.
 */
export function mergeSelectColumns<C extends CursorColumn>(
  fn: string,
  family: SqlFamily | undefined,
  columns: readonly C[],
  perSelect: readonly (readonly SchemaColumn[])[],
): Array<C & SchemaColumn> {
  if (family === undefined) return columns.slice()
  return columns.map((column, i) => {
    const own = perSelect.map((select) => select[i])
    const unknown = own.findIndex((c) => c.type === undefined)
    if (unknown !== -1)
      throw ArgumentError.cursorOrder(
        fn,
        `the type of "${column.name}" in ${ordinal(unknown)} is not known (it is not a column ` +
          "of a table the database's catalog describes, named with its table when the SELECT " +
          'joins others), so its cursor values could not be compared exactly; select a column ' +
          "of the SELECT's own table under that name in every SELECT",
      )
    const { exact, type } = own[0]
    const other = own.findIndex(
      (c) => c.exact?.text !== exact?.text || c.exact?.cast !== exact?.cast,
    )
    if (other !== -1)
      throw ArgumentError.cursorOrder(
        fn,
        `"${column.name}" is a ${String(type)} in ${ordinal(0)} and a ` +
          `${String(own[other].type)} in ${ordinal(other)}, whose values the driver reads ` +
          'differently; select columns of one type under that name in every SELECT',
      )
    const fits = own.flatMap((c) => (c.fits === undefined ? [] : [c.fits]))
    return {
      ...column,
      ...(type === undefined ? {} : { type }),
      ...(own.every((c) => c.nullable === false) ? { nullable: false } : {}),
      ...(exact === undefined ? {} : { exact }),
      ...(fits.length === 0
        ? {}
        : { fits: (value: string | number | boolean) => fits.every((f) => f(value)) }),
    }
  })
}
