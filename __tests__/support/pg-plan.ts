// What a PostgreSQL `explain (analyze, format json)` says of a page query: its one index scan.

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] }

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

/**
 * Checks that the plan (the rows `explain (analyze, format json)` returned) reads the page as one
 * index range: no sequential scan, no sort, one index scan with an index condition and at most
 * `filtered` rows read and filtered out. Returns that scan.
 */
export function expectOneIndexRange(
  rows: readonly Record<string, unknown>[],
  filtered: number,
): PlanNode {
  const plan = (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan
  const nodes = nodesOf(plan)
  const types = nodes.map((n) => n['Node Type'])
  expect(types).not.toContain('Seq Scan')
  expect(types).not.toContain('Sort')
  const scans = nodes.filter((n) => /Index/.test(String(n['Node Type'])))
  expect(scans).toHaveLength(1)
  expect(scans[0]['Index Cond']).toBeDefined()
  expect(Number(scans[0]['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(filtered)
  return scans[0]
}
