import type { RelationDescriptor, TypeDescriptor } from './types'

/** The default depth to which `include=` paths are followed. */
export const DEFAULT_MAX_INCLUDE_DEPTH = 5

/** One step of an include path, bound to a declared relationship. */
interface IncludeEdge {
  readonly relation: RelationDescriptor
  readonly node: IncludeNode
  /** 0, 1, 2... within its tree: lets a builder keep per-edge state in an array. */
  readonly slot: number
}

/** What to include below one object: the relationships to follow, each with its own sub-tree. @internal */
export interface IncludeNode {
  readonly edges: readonly IncludeEdge[]
}

interface MutableNode {
  readonly edges: IncludeEdge[]
  readonly byName: Map<string, MutableNode>
  /** The tree's edge counter, shared by all its nodes. */
  readonly counter: { next: number }
}

const newNode = (counter: { next: number }): MutableNode => ({
  edges: [],
  byName: new Map(),
  counter,
})

/** The empty tree: include nothing. @internal */
export const NO_INCLUDES: IncludeNode = Object.freeze({ edges: Object.freeze([]) })

/**
 * Binds `include=` paths to the relationships `root` declares. Each path is read segment by segment
 * against the descriptor of the type reached so far; an unknown or empty segment ends that path, and so
 * does the depth limit. The result holds only declared relationships, so its size is bounded by
 * `paths.length * maxDepth` however long the strings are, and no path is read past
 * `maxDepth` segments.
 *
 * @internal
 */
export function resolveIncludeTree(
  root: TypeDescriptor,
  paths: readonly string[],
  maxDepth: number = DEFAULT_MAX_INCLUDE_DEPTH,
): IncludeNode {
  if (paths.length === 0 || maxDepth < 1) return NO_INCLUDES
  const tree = newNode({ next: 0 })
  for (const path of paths) addPath(tree, root, path, maxDepth)
  return tree.edges.length === 0 ? NO_INCLUDES : tree
}

function addPath(tree: MutableNode, root: TypeDescriptor, path: string, maxDepth: number): void {
  let node = tree
  let descriptor = root
  let start = 0
  // scan segment by segment: a 10,000-segment path costs no more than a `maxDepth`-segment one
  for (let depth = 0; depth < maxDepth; depth++) {
    const dot = path.indexOf('.', start)
    const segment = (dot === -1 ? path.slice(start) : path.slice(start, dot)).trim()
    const relation = descriptor.relationsByName.get(segment)
    if (relation === undefined) return // unknown or empty segment: ignore the rest of the path
    node = childFor(node, relation)
    descriptor = relation.target
    if (dot === -1) return
    start = dot + 1
  }
}

function childFor(node: MutableNode, relation: RelationDescriptor): MutableNode {
  let child = node.byName.get(relation.name)
  if (child === undefined) {
    child = newNode(node.counter)
    node.byName.set(relation.name, child)
    node.edges.push({ relation, node: child, slot: node.counter.next++ })
  }
  return child
}
