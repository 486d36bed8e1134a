// The error answers are shared by every HTTP integration (src/http); re-exported for this folder.
export {
  acceptsJsonApi,
  asHandledError,
  attributePointer,
  jsonApiErrorDocument,
  plainErrorBody,
  statusOf,
  type HandledError,
  type JsonApiErrorObject,
} from '../../http/error-documents'
