export { defaultModelRules, isLoadedValue, isThenable, type ModelRules } from './model-rules'
export {
  loadedCount,
  loadedPivot,
  loadedRelation,
  modelAttribute,
  registerModelRules,
} from './model-registry'
