// `@When(condition)` and the helpers `when()` / `unless()`: the key only when a condition holds.
import { MISSING, type Missing } from '../../runtime/missing'
import {
  defaultOption,
  memberDecorator,
  optionalName,
  requiredCondition,
  schemaOptions,
  thunkAndOptions,
} from '../decorator-factory'
import type { FieldOptions, MemberDecorator, SpecOf } from '../decorator-types'
import type { ResourceThunk } from '../types'
import { conditionalKind, orElse, force, type Lazy } from './kind'

/**
 * A condition of `@When` / `@MergeWhen`: `(model, request, resource) => boolean`. Annotate the
 * parameters (`(user: User, req: Request) => ...`) or pass type arguments (`@When<User, Request>`)
 * for real types; without either they are loose, so the untyped form of the README
 * (`(user, request) => request?.user?.isAdmin === true`) type-checks.
 */
// A deliberate exception to "no any in public types": a legacy decorator cannot see the class's
// model type, and `unknown`/`never` would reject the documented untyped condition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any

/** What a condition's third argument is by default: the resource instance, `this.resource` the model. */
export interface ResourceOf<M> {
  readonly resource: M
}

export type FieldConditionFn<M = Loose, Q = Loose, R = ResourceOf<M>> = (
  model: M,
  request: Q,
  resource: R,
) => unknown

/**
 * The key only when `condition(model, request, resource)` is truthy; otherwise no key at all. A
 * resource thunk maps the value through that resource.
 *
 * @example
 * @When((user, request) => request?.user?.isAdmin === true) secret?: string
 * @When((user) => user.is_admin, () => TeamResource) team?: Nested<typeof TeamResource>
 * @When((user) => user.is_admin, () => [TeamResource]) teams?: NestedList<typeof TeamResource>
 */
export function When<M = Loose, Q = Loose, R = ResourceOf<M>, F extends string = never>(
  condition: FieldConditionFn<M, Q, R>,
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'When', false, 'attribute', F, unknown>>
export function When<
  M = Loose,
  Q = Loose,
  R = ResourceOf<M>,
  F extends string = never,
  Target extends Function = Function,
>(
  condition: FieldConditionFn<M, Q, R>,
  resource: () => Target | readonly Target[],
  options?: FieldOptions<F>,
): MemberDecorator<SpecOf<'When', true, 'attribute', F, Target>>
// With explicit type arguments (`When<User, Request>(...)`) TypeScript infers no `F`: a `from` then
// fails the overloads above and lands here, where it is not checked (nor is a `default`).
export function When<M = Loose, Q = Loose, R = ResourceOf<M>>(
  condition: FieldConditionFn<M, Q, R>,
  options?: FieldOptions,
): MemberDecorator<SpecOf<'When', false, 'attribute', string>>
export function When<M = Loose, Q = Loose, R = ResourceOf<M>, Target extends Function = Function>(
  condition: FieldConditionFn<M, Q, R>,
  resource: () => Target | readonly Target[],
  options?: FieldOptions,
): MemberDecorator<SpecOf<'When', true, 'attribute', string, Target>>
export function When(
  condition: FieldConditionFn,
  thunkOrOptions?: ResourceThunk | (() => readonly Function[]) | FieldOptions,
  options?: FieldOptions,
): MemberDecorator<SpecOf<'When', boolean, 'attribute', string>> {
  // a list thunk (`() => [R]`) is a thunk: the checked thunk says it is a list
  const args = thunkAndOptions('When', thunkOrOptions as ResourceThunk | FieldOptions, options)
  return memberDecorator('When', {
    kind: 'when',
    condition: requiredCondition('@When() condition', condition),
    source: optionalName('@When() from', args.options?.from),
    resource: args.resource,
    resourceIsList: args.resourceIsList,
    ...schemaOptions('When', args.options),
    ...defaultOption(args.options),
  })
}

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenHelpers = {
  /** `value` (called first when a function) when `condition` is truthy, else `fallback` (default MISSING). */
  when<V, D = Missing>(condition: unknown, value: Lazy<V>, fallback?: Lazy<D>): V | D {
    return condition ? force(value) : orElse(fallback, MISSING)
  },

  /** `when()` with the condition negated (Laravel's `unless()`). */
  unless<V, D = Missing>(condition: unknown, value: Lazy<V>, fallback?: Lazy<D>): V | D {
    return condition ? orElse(fallback, MISSING) : force(value)
  },
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const when = conditionalKind(
  'when',
  When,
  'When',
  'attribute',
  { read: 'attribute', gated: true, infersResource: true, modelSchema: true },
  whenHelpers,
)

declare module './kind' {
  interface KindTable {
    when: typeof when
  }
}
