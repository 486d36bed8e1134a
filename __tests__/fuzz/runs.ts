// How many cases each property generates: FUZZ_RUNS (CI sets 10000), else 1000 for a quick local run.
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000)

/** fast-check parameters shared by every fuzz property. */
export const fuzzParams = { numRuns: FUZZ_RUNS, endOnFailure: true } as const
