export { defaultModelRules, isLoadedValue, isThenable, type ModelRules } from './model-rules'
export {
  loadedCount,
  loadedPivot,
  loadedRelation,
  modelAttribute,
  registerModelRules,
  unregisterModelRules,
} from './model-registry'
