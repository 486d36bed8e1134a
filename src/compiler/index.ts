export {
  traitsOf,
  type ClassTraits,
  compileShape,
  interpretShape,
  modelShapeOf,
  rendererFor,
  shapeSource,
  type CompiledShape,
} from './compile-shape'
export type { ModelShapeFn, Renderer } from './renderer'
