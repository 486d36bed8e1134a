import { NO_INCLUDES, resolveIncludeTree, type IncludeNode } from '../../src/jsonapi/include-tree'
import { blogDescriptors } from './plain-descriptors'

/** The tree as nested plain objects of relation names. */
function shape(node: IncludeNode): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const edge of node.edges) out[edge.relation.name] = shape(edge.node)
  return out
}

function depth(node: IncludeNode): number {
  return node.edges.reduce((max, e) => Math.max(max, 1 + depth(e.node)), 0)
}

describe('resolveIncludeTree', () => {
  const { posts } = blogDescriptors()

  it('merges comma paths and dot-paths into one tree of declared relations', () => {
    const tree = resolveIncludeTree(posts, ['author', 'comments.author', 'author.posts'])
    expect(shape(tree)).toEqual({
      author: { posts: {} },
      comments: { author: {} },
    })
  })

  it('binds each step to the relation of the type reached so far', () => {
    const tree = resolveIncludeTree(posts, ['comments.author'])
    expect(tree.edges[0].relation.target.type).toBe('comments')
    expect(tree.edges[0].node.edges[0].relation.target.type).toBe('users')
  })

  it('ignores unknown and empty segments at any depth, keeping the known prefix', () => {
    const tree = resolveIncludeTree(posts, [
      'nope',
      'author.nope.posts',
      'comments..author',
      '',
      '.',
    ])
    expect(shape(tree)).toEqual({ author: {}, comments: {} })
  })

  it('trims blanks around segments', () => {
    expect(shape(resolveIncludeTree(posts, [' author . posts ']))).toEqual({
      author: { posts: {} },
    })
  })

  it('stops at depth 5 by default and at the given depth', () => {
    const cycle = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'posts' : 'author')).join('.')
    expect(depth(resolveIncludeTree(posts, [cycle]))).toBe(5)
    expect(depth(resolveIncludeTree(posts, [cycle], 2))).toBe(2)
    expect(depth(resolveIncludeTree(posts, [cycle], 12))).toBe(12)
    expect(resolveIncludeTree(posts, [cycle], 0)).toBe(NO_INCLUDES)
  })

  it('returns the empty tree when nothing is known', () => {
    expect(resolveIncludeTree(posts, [])).toBe(NO_INCLUDES)
    expect(resolveIncludeTree(posts, ['x', 'y.z'])).toBe(NO_INCLUDES)
  })

  it('stays as small as the declared relations for a 10,000-segment path and 10,000 paths', () => {
    const long = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'posts' : 'author')).join('.')
    const many = Array.from({ length: 10_000 }, (_, i) => `author.posts.x${i}`)
    const tree = resolveIncludeTree(posts, [long, ...many, ',,,'.repeat(10_000)])
    expect(shape(tree)).toEqual({ author: { posts: { author: { posts: { author: {} } } } } })
  })
})
