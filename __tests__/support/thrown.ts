/** What `fn` throws, or `undefined` when it returns. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}
