// `@Field()` / `@Attribute()`: an output key with the model's value (always written).
import { thunkOrOptionsDecorator } from '../decorator-factory'
import type { ThunkOrOptionsDecorator } from '../decorator-types'
import { kind, type KindRules } from './kind'

const rules: KindRules = {
  output: 'key',
  read: 'attribute',
  optional: false,
  infersResource: true,
  modelSchema: true,
}

/**
 * An output key with the model's value. On a field, the value is read from the model by the member's
 * name (or `from`); on a getter it is what the getter returns, with `this.resource` the model. A
 * resource thunk maps the value through that resource (a list item by item).
 *
 * @example
 * class UserResource extends JsonResource<User> {
 *   @Field() id!: number
 *   @Field({ from: 'email_address' }) email!: string
 *   @Field() get name() { return `${this.resource.first} ${this.resource.last}` }
 *   @Field(() => TeamResource) team!: Nested<typeof TeamResource>
 * }
 */
export const Field: ThunkOrOptionsDecorator<'Field', 'attribute', 'field'> =
  thunkOrOptionsDecorator('Field', 'field', 'field', false)

/**
 * A JSON:API attribute (`JsonApiResource` puts it under `attributes`). Otherwise the same as
 * `@Field()`.
 *
 * @example
 * class PostResource extends JsonApiResource<Post> {
 *   static resourceType = 'posts'
 *   @Attribute() title!: string
 * }
 */
export const Attribute: ThunkOrOptionsDecorator<'Attribute', 'attribute', 'field'> =
  thunkOrOptionsDecorator('Attribute', 'attribute', 'field', false)

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const field = kind('field', Field, {
  decorator: 'Field',
  reads: 'attribute',
  rules,
  helpers: {},
})

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const attribute = kind('attribute', Attribute, {
  decorator: 'Attribute',
  reads: 'attribute',
  rules,
  helpers: {},
})

declare module './kind' {
  interface KindTable {
    field: typeof field
    attribute: typeof attribute
  }
}
