import { memberDecorator, optionalName, optionalThunk } from './decorator-factory'
import type { MemberDecorator, SpecOf } from './decorator-types'
import type { ResourceThunk } from './types'

/**
 * Options of `@Field()`, `@Attribute()`, `@When()`, `@WhenNotNull()` and `@MergeWhen()`.
 *
 * `from` must be a key of the resource's model type when that type is known; a `from` typed as a
 * plain `string` (`{ from: 'computed' as string }`) skips that check.
 */
export interface FieldOptions<F extends string = string> {
  /** The model property to read (a rename); defaults to the member name. */
  readonly from?: F
}

/** Splits `(thunk?, options?)` / `(options?)` arguments. @internal */
export function thunkAndOptions<O>(
  name: string,
  thunkOrOptions: ResourceThunk | O | undefined,
  options: O | undefined,
): { resource?: ResourceThunk; options?: O } {
  const thunk = typeof thunkOrOptions === 'function' ? thunkOrOptions : undefined
  const opts = typeof thunkOrOptions === 'function' ? options : (thunkOrOptions ?? options)
  return { resource: optionalThunk(`@${name}() resource`, thunk), options: opts as O | undefined }
}

function fieldArgs(
  name: string,
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): { source?: string; resource?: ResourceThunk } {
  const args = thunkAndOptions(name, thunkOrOptions, options)
  return { resource: args.resource, source: optionalName(`@${name}() from`, args.options?.from) }
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
export function Field<F extends string = never>(
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'Field', false, 'attribute', F>>
export function Field<F extends string = never, Target extends Function = Function>(
  resource: () => Target,
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'Field', true, 'attribute', F, Target>>
export function Field(
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): MemberDecorator<SpecOf<'Field', boolean, 'attribute', string>> {
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
export function Attribute<F extends string = never>(
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'Attribute', false, 'attribute', F>>
export function Attribute<F extends string = never, Target extends Function = Function>(
  resource: () => Target,
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'Attribute', true, 'attribute', F, Target>>
export function Attribute(
  thunkOrOptions?: ResourceThunk | FieldOptions,
  options?: FieldOptions,
): MemberDecorator<SpecOf<'Attribute', boolean, 'attribute', string>> {
  return memberDecorator('Attribute', {
    kind: 'attribute',
    ...fieldArgs('Attribute', thunkOrOptions, options),
  })
}
