import type { Expression, OperationNode, SelectQueryBuilder } from 'kysely'

// Operation nodes are plain frozen objects that Kysely's compilers dispatch on by `kind`, so the
// adapter builds them without loading Kysely at run time. The builders both of its queries (the
// count and the cursor page) use.

/** A node as Kysely builds them: frozen. */
export const node = <N extends OperationNode>(value: N): N => Object.freeze(value)

/** `name`, as an identifier (quoted by the dialect). */
export const identifier = (name: string) => node({ kind: 'IdentifierNode' as const, name })

/** `inner as name`. */
export const alias = (inner: OperationNode, name: string) =>
  node({ kind: 'AliasNode' as const, node: inner, alias: identifier(name) })

/** SQL text with `parameters` between its fragments. */
export const raw = (sqlFragments: readonly string[], parameters: readonly OperationNode[] = []) =>
  node({ kind: 'RawNode' as const, sqlFragments, parameters })

/** A comparison or logical operator (`<`, `=`, `is`, ...). */
export const operator = (op: string) => node({ kind: 'OperatorNode' as const, operator: op })

/** `(inner)`. */
export const parens = (inner: OperationNode) => node({ kind: 'ParensNode' as const, node: inner })

/** `inner` as an expression a builder takes (`where(expression(node))`). */
export function expression(inner: OperationNode): Expression<unknown> {
  return { expressionType: undefined, toOperationNode: () => inner } as Expression<unknown>
}

/** Is `where` comparisons and groups ANDed: what one more AND cannot change the meaning of? */
export function andsOnly(where: OperationNode): boolean {
  if (where.kind === 'BinaryOperationNode' || where.kind === 'ParensNode') return true
  if (where.kind !== 'AndNode') return false
  const { left, right } = where as OperationNode & { left: OperationNode; right: OperationNode }
  return andsOnly(left) && andsOnly(right)
}

/**
 * `query` with `condition` ANDed to the whole of its own WHERE. Kysely's `where()` ANDs without
 * grouping, so an own WHERE of raw SQL or an OR (`a = 1 or a = 2`, which would read
 * `a = 1 or (a = 2 and condition)`) is put in parentheses first, with `clearWhere()`; a Kysely
 * without it (before 0.27) ANDs as it always did.
 */
export function andWhere<Q extends SelectQueryBuilder<never, never, unknown>>(
  query: Q,
  condition: OperationNode,
): Q {
  const own = query.toOperationNode().where?.where
  const grouped =
    own === undefined || andsOnly(own) || typeof query.clearWhere !== 'function'
      ? query
      : query.clearWhere().where(expression(parens(own)) as never)
  return grouped.where(expression(parens(condition)) as never) as Q
}
