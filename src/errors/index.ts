// The error catalogue (catalogue.ts: one row per code) and its classes (base.ts), re-exported here.
export * from './base'
export {
  ERROR_CODES,
  type CatalogueEntry,
  type ErrorClassName,
  type ErrorCode,
  type ErrorCodes,
} from './catalogue'
