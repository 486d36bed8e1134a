import {
  memberDecorator,
  optionalName,
  requiredCondition,
  type MemberDecorator,
} from './decorator-factory'
import type { FieldOptions } from './field.decorator'

/**
 * A condition of `@When` / `@MergeWhen`: `(model, request, resource) => boolean`. Annotate the
 * parameters (`(user: User, req: Request) => ...`) or pass type arguments (`@When<User, Request>`)
 * for real types; without either they are loose, so the untyped form of the README
 * (`(user, request) => request?.user?.isAdmin === true`) type-checks.
 */
// A deliberate exception to "no any in public types": a legacy decorator cannot see the class's
// model type, and `unknown`/`never` would reject the documented untyped condition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any

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
 * The key only when `condition(model, request, resource)` is truthy; otherwise no key at all.
 *
 * @example
 * @When((user, request) => request?.user?.isAdmin === true) secret!: string
 */
export function When<M = Loose, Q = Loose, R = ResourceOf<M>>(
  condition: FieldConditionFn<M, Q, R>,
  options?: FieldOptions,
): MemberDecorator {
  return memberDecorator('When', {
    kind: 'when',
    condition: requiredCondition('@When() condition', condition),
    source: optionalName('@When() from', options?.from),
  })
}

/**
 * The key only when the value is neither `null` nor `undefined`.
 *
 * @example
 * @WhenNotNull() nickname?: string
 */
export function WhenNotNull(options?: FieldOptions): MemberDecorator {
  return memberDecorator('WhenNotNull', {
    kind: 'whenNotNull',
    source: optionalName('@WhenNotNull() from', options?.from),
  })
}

/**
 * When `condition` is truthy, the keys of the member's value (usually a getter returning an object)
 * are spread into the output at the member's position; otherwise nothing.
 *
 * @example
 * @MergeWhen((user) => user.is_admin) get adminFields() {
 *   return { last_login_ip: this.resource.last_login_ip }
 * }
 */
export function MergeWhen<M = Loose, Q = Loose, R = ResourceOf<M>>(
  condition: FieldConditionFn<M, Q, R>,
  options?: FieldOptions,
): MemberDecorator {
  return memberDecorator('MergeWhen', {
    kind: 'mergeWhen',
    condition: requiredCondition('@MergeWhen() condition', condition),
    source: optionalName('@MergeWhen() from', options?.from),
  })
}
