/**
 * What a generated Prisma client tells of itself through a model delegate (internal in Prisma's
 * typings): the provider, the fields of each model and the schema it was generated from. The
 * cursor step and the query plan read it the same way, and do without what is not there.
 */

/** A model's field as the generated client describes it. @internal */
interface RuntimeField {
  readonly name: string
  readonly kind: string
  readonly type: string
}

/** A model delegate (`prisma.post`) as it knows its model's name and its client. @internal */
export interface Internals {
  readonly $name?: string
  readonly $parent?: {
    readonly _activeProvider?: string
    readonly _engineConfig?: { readonly inlineSchema?: string }
    readonly _runtimeDataModel?: {
      readonly models?: Record<string, { readonly fields?: readonly RuntimeField[] }>
    }
  }
}

/** The provider the client was generated for (`postgresql`, `sqlite`...); '' when it does not say. */
export function providerOf(client: Internals): string {
  return client.$parent?._activeProvider ?? ''
}

/** The fields of `model`, when the client describes them. */
export function runtimeFields(
  client: Internals,
  model: string,
): readonly RuntimeField[] | undefined {
  return client.$parent?._runtimeDataModel?.models?.[model]?.fields
}

/** The schema the client carries; '' when it does not. */
export function schemaOf(client: Internals): string {
  return client.$parent?._engineConfig?.inlineSchema ?? ''
}

/** The body of the `model` block of a schema ('' when there is none). */
export function modelBlock(schema: string, model: string): string {
  // up to the `}` that starts a line: one inside an attribute (`@default("{}")`) does not end it
  return new RegExp(`^model\\s+${model}\\s*\\{([\\s\\S]*?)^[ \\t]*\\}`, 'm').exec(schema)?.[1] ?? ''
}
