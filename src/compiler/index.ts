export {
  traitsOf,
  type ClassTraits,
  compiledToArray,
  interpretedToArray,
  toArrayOf,
  rendererFor,
  toArraySource,
  type CompiledToArray,
} from './compile'
export type { ToArrayFn, Renderer } from './renderer'
