// Hand-made TypePlans for testing the builder and the include tree without resource classes.
import { pickAttributes } from '../../src/jsonapi/resource-parts'
import type { RelationDescriptor, TypeDescriptor } from '../../src/jsonapi/types'

type Attrs = (model: Record<string, unknown>) => Record<string, unknown>

export function plainPlan(type: string, attributes: Attrs): TypeDescriptor & { relate: Relate } {
  const relations: RelationDescriptor[] = []
  const relationsByName = new Map<string, RelationDescriptor>()
  const descriptor = {
    type,
    relations,
    relationsByName,
    idOf: (model: object, _rules: unknown) => String((model as { id: unknown }).id),
    attributesOf: (model: object) => attributes(model as Record<string, unknown>),
    attributesFor: (fieldset: ReadonlySet<string> | undefined) => (model: object) =>
      pickAttributes(attributes(model as Record<string, unknown>), fieldset),
    relate(name: string, target: TypeDescriptor, source = name) {
      const relation = { name, source, target }
      relations.push(relation)
      relationsByName.set(name, relation)
      return descriptor
    },
  }
  return descriptor
}

type Relate = (
  name: string,
  target: TypeDescriptor,
  source?: string,
) => TypeDescriptor & { relate: Relate }

/** posts -> author (users), comments; users -> posts; comments -> author. */
export function blogDescriptors() {
  const posts = plainPlan('posts', (m) => ({ title: m.title, body: m.body }))
  const users = plainPlan('users', (m) => ({ name: m.name }))
  const comments = plainPlan('comments', (m) => ({ body: m.body }))
  posts.relate('author', users).relate('comments', comments)
  users.relate('posts', posts)
  comments.relate('author', users)
  return { posts, users, comments }
}
