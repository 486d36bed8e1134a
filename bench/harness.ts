/**
 * The benchmark contract. Each `bench/<name>.bench.ts` default-exports a {@link Scenario}; `run.ts`
 * runs every case of every scenario in a fresh worker thread (so JIT state does not leak between
 * cases), takes at least 7 samples, and prints each case's median throughput and its ratio to the
 * scenario's baseline case.
 */
export interface BenchCase {
  /** Shown in the table, e.g. `api-resources`, `hand-written`, `ts-japi`. */
  readonly name: string
  /**
   * Prepares the data (not timed) and returns the operation to time. The operation may be async.
   * Optional `teardown` runs after sampling.
   */
  readonly setup: () => Promise<BenchOp> | BenchOp
}

export type BenchOp = (() => unknown) & { teardown?: () => Promise<void> | void }

export interface Scenario {
  readonly name: string
  /** The case every ratio is computed against (usually the hand-written one). */
  readonly baseline: string
  /** The case the target applies to (usually `api-resources`). */
  readonly subject: string
  /** Target: subject time / baseline time must be at most this. */
  readonly maxRatio?: number
  /** Target: the subject must reach at least this many operations per second (median). */
  readonly minOpsPerSec?: number
  /** Other targets, described in words and checked by the scenario itself (printed as is). */
  readonly note?: string
  readonly cases: readonly BenchCase[]
  /** Samples per case (default 7, never fewer). */
  readonly samples?: number
  /** Milliseconds per sample (default 300). */
  readonly sampleMs?: number
}

/** A case's result as the worker reports it. */
export interface CaseResult {
  readonly scenario: string
  readonly name: string
  /** Median operations per second over the samples. */
  readonly opsPerSec: number
  /** Median milliseconds per operation. */
  readonly msPerOp: number
  readonly samples: number
}
