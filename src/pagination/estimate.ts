/**
 * Reading a planner's row estimate from `EXPLAIN` output, for `paginate(..., { total: 'estimate' })`.
 * Adapters run the EXPLAIN; these functions only read what it returned. `undefined` means "no
 * usable estimate": the adapter then counts exactly.
 */

/** `Plan Rows` of the top plan node of PostgreSQL's `EXPLAIN (FORMAT JSON)` rows. */
export function postgresPlanRows(rows: unknown): number | undefined {
  const first = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined
  // a result-key plugin (CamelCasePlugin) may have renamed the column: it is the only one
  let plan: unknown = first?.['QUERY PLAN'] ?? Object.values(first ?? {})[0]
  if (typeof plan === 'string') plan = JSON.parse(plan)
  const top = Array.isArray(plan) ? (plan[0] as { Plan?: Record<string, unknown> }) : undefined
  return estimateFrom(top?.Plan?.['Plan Rows'])
}

/**
 * MySQL/MariaDB `EXPLAIN` rows: the product over the joined tables of `rows` (times `filtered`
 * percent where the server reports it); `undefined` when a table has no estimate.
 */
export function mysqlExplainRows(rows: unknown): number | undefined {
  if (!Array.isArray(rows) || rows.length === 0) return undefined
  let product = 1
  for (const row of rows as Array<Record<string, unknown>>) {
    const count = estimateFrom(row.rows)
    if (count === undefined) return undefined
    const filtered = Number(row.filtered ?? 100)
    product *= Number.isFinite(filtered) ? (count * filtered) / 100 : count
  }
  return estimateFrom(Math.round(product))
}

function estimateFrom(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(Math.round(n)) && n >= 0
    ? Math.round(n)
    : undefined
}
