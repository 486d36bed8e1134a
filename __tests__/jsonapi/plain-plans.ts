// Hand-made TypePlans for testing the builder and the include tree without resource classes.
import type { RelationPlan, TypePlan } from '../../src/jsonapi/types'

type Attrs = (model: Record<string, unknown>) => Record<string, unknown>

export function plainPlan(type: string, attributes: Attrs): TypePlan & { relate: Relate } {
  const relations: RelationPlan[] = []
  const relationsByName = new Map<string, RelationPlan>()
  const plan = {
    type,
    relations,
    relationsByName,
    idOf: (model: object, _rules: unknown) => String((model as { id: unknown }).id),
    attributesOf: (model: object) => attributes(model as Record<string, unknown>),
    relate(name: string, target: TypePlan, source = name) {
      const relation = { name, source, target }
      relations.push(relation)
      relationsByName.set(name, relation)
      return plan
    },
  }
  return plan
}

type Relate = (name: string, target: TypePlan, source?: string) => TypePlan & { relate: Relate }

/** posts -> author (users), comments; users -> posts; comments -> author. */
export function blogPlans() {
  const posts = plainPlan('posts', (m) => ({ title: m.title, body: m.body }))
  const users = plainPlan('users', (m) => ({ name: m.name }))
  const comments = plainPlan('comments', (m) => ({ body: m.body }))
  posts.relate('author', users).relate('comments', comments)
  users.relate('posts', posts)
  comments.relate('author', users)
  return { posts, users, comments }
}
