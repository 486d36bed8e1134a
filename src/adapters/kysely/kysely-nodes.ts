import type { OperationNode } from 'kysely'

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
