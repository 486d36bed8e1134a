import {
  memberDecorator,
  optionalName,
  optionalThunk,
  type MemberDecorator,
} from './decorator-factory'
import type { ResourceThunk } from './types'

/** Options of `@Field()` and `@Attribute()`. */
export interface FieldOptions {
  /** The model property to read (a rename); defaults to the member name. */
  readonly from?: string
}

function fieldArgs(
  name: string,
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): { source?: string; resource?: ResourceThunk } {
  const thunk = typeof thunkOrOptions === 'function' ? thunkOrOptions : undefined
  const opts = typeof thunkOrOptions === 'function' ? options : (thunkOrOptions ?? options)
  return {
    resource: optionalThunk(`@${name}() resource`, thunk),
    source: optionalName(`@${name}() from`, opts?.from),
  }
}

/**
 * An output key with the model's value. On a field, the value is read from the model by the member's
 * name (or `from`); on a getter it is what the getter returns, with `this.resource` the model. A
 * resource thunk (or a `design:type` that is a resource class) maps the value through that resource.
 *
 * @example
 * class UserResource extends JsonResource<User> {
 *   @Field() id!: number
 *   @Field({ from: 'email_address' }) email!: string
 *   @Field() get name() { return `${this.resource.first} ${this.resource.last}` }
 * }
 */
export function Field(options?: FieldOptions): MemberDecorator
export function Field(resource: ResourceThunk, options?: FieldOptions): MemberDecorator
export function Field(
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): MemberDecorator {
  return memberDecorator('Field', { kind: 'field', ...fieldArgs('Field', thunkOrOptions, options) })
}

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
export function Attribute(options?: FieldOptions): MemberDecorator
export function Attribute(resource: ResourceThunk, options?: FieldOptions): MemberDecorator
export function Attribute(
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): MemberDecorator {
  return memberDecorator('Attribute', {
    kind: 'attribute',
    ...fieldArgs('Attribute', thunkOrOptions, options),
  })
}
