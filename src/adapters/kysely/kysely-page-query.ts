import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  SelectQueryBuilder,
  SelectQueryNode,
  UnknownRow,
} from 'kysely'
import { UnsupportedQueryError } from '../../errors/base'
import {
  mysqlExplainRows,
  postgresPlanRows,
  countFrom,
  type PageQuery,
} from '../../pagination/page-query'
import { hasMethods } from '../../util/objects'
import { alias, node } from './kysely-query-plan'

const SUPPORTED = 'a Kysely select query builder (db.selectFrom(...) ...)'

/** The methods of a Kysely select query builder the adapter calls. */
const KYSELY_METHODS = [
  'toOperationNode',
  'withPlugin',
  'clearLimit',
  'clearOffset',
  'clearOrderBy',
  'execute',
] as const

/** Throws the `TypeError` naming what it got unless `query` is a Kysely select query builder. */
export function assertKyselyQuery(fn: string, query: unknown): void {
  if (!hasMethods(query, KYSELY_METHODS))
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
  const kind = (query.toOperationNode as () => OperationNode)().kind
  if (kind !== 'SelectQueryNode')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query, `a Kysely ${kind}`)
}

const countAllAsTotal = () =>
  node({
    kind: 'SelectionNode' as const,
    selection: alias(
      node({
        kind: 'AggregateFunctionNode' as const,
        func: 'count',
        aggregated: [node({ kind: 'SelectAllNode' as const })],
      }),
      'total',
    ),
  })

const PLAIN_COLUMN = new Set(['ReferenceNode', 'ColumnNode', 'SelectAllNode'])

/**
 * Can the selections be replaced by `count(*)` without changing the row count? Not with DISTINCT,
 * GROUP BY, HAVING, set operations (UNION ...), locking clauses, or selections other than columns
 * (aggregates, raw SQL, sub-queries). See the Knex adapter for why this matters on MySQL.
 */
function isPlainSelect(select: SelectQueryNode): boolean {
  if (select.distinctOn || select.groupBy || select.having || select.setOperations) return false
  if (select.frontModifiers?.length || select.endModifiers?.length) return false
  return (select.selections ?? []).every(({ selection }) => {
    const inner =
      selection.kind === 'AliasNode' ? (selection as { node: OperationNode }).node : selection
    return PLAIN_COLUMN.has(inner.kind)
  })
}

/** `select count(*) as total` over a select without ORDER BY, LIMIT and OFFSET. */
function countNode(select: SelectQueryNode): SelectQueryNode {
  if (isPlainSelect(select)) return node({ ...select, selections: [countAllAsTotal()] })
  return node({
    kind: 'SelectQueryNode',
    from: node({ kind: 'FromNode', froms: [alias(select, 'api_resources_page')] }),
    selections: [countAllAsTotal()],
  })
}

/**
 * Turns the query it is attached to into its count query. It runs after the application's own
 * plugins (`withPlugin` appends), so it wraps the query those plugins already transformed.
 */
const countPlugin: KyselyPlugin = {
  transformQuery({ node: root }: PluginTransformQueryArgs): RootOperationNode {
    return root.kind === 'SelectQueryNode' ? countNode(root) : root
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result
  },
}

/**
 * The planner's row estimate of `unpaged`: `EXPLAIN (FORMAT JSON)` on PostgreSQL (numbered
 * parameters), `EXPLAIN` on MySQL/MariaDB (backtick identifiers); `undefined` elsewhere.
 */
async function kyselyEstimate<DB, TB extends keyof DB, O>(
  unpaged: SelectQueryBuilder<DB, TB, O>,
): Promise<number | undefined> {
  const probe = unpaged.limit(1).compile().sql
  if (/\$1\b/.test(probe)) return postgresPlanRows(await unpaged.explain('json'))
  if (probe.includes('`')) return mysqlExplainRows(await unpaged.explain())
  return undefined
}

/** The count, estimate and page steps of a Kysely select query. */
export function kyselyPageQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): PageQuery<O> {
  const unpaged = query.clearOrderBy().clearLimit().clearOffset()
  return {
    estimate: () => kyselyEstimate(unpaged),
    count: async () => countFrom(await unpaged.withPlugin(countPlugin).executeTakeFirst()),
    fetch: async (offset, limit) =>
      (await query.clearLimit().clearOffset().limit(limit).offset(offset).execute()) as O[],
  }
}
