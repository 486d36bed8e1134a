// The public names of the member kinds: each kind's decorator and the types of its options. The
// root entry re-exports this list as it is, and the kinds' table (`index.ts`) is built from the
// kinds its decorators carry (`kind()` has each decorator carry its kind). A new kind's line goes
// here, once.
export type { Lazy, ValueOf } from './kind'
export { Attribute, Field } from './field'
export { MergeWhen } from './merge-when'
export { Relationship } from './relationship'
export { When, type FieldConditionFn } from './when'
export { WhenAggregated, type AggregateFunction } from './when-aggregated'
export { WhenAppended } from './when-appended'
export { WhenCounted } from './when-counted'
export { WhenExistsLoaded } from './when-exists-loaded'
export { WhenHas } from './when-has'
export { WhenLoaded } from './when-loaded'
export { WhenNotNull } from './when-not-null'
export { WhenPivotLoaded, type PivotOptions } from './when-pivot-loaded'
