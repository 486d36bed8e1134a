/**
 * api-resources/nestjs: the NestJS integration (Nest's Express and Fastify platforms). `ApiResourcesModule.forRoot()`
 * registers {@link ApiResourcesInterceptor} (request context, resources sent with their exact
 * content type and status) and {@link ResourceErrorsFilter} (`ValidationError` 422,
 * `NotFoundError` 404, ...) globally; both can be used on their own too.
 *
 * Importing `api-resources` alone never loads this file.
 * @module
 */
export { ApiResourcesModule, type ApiResourcesModuleOptions } from './module'
export { ApiResourcesInterceptor } from './interceptor'
export { ResourceErrorsFilter } from './errors.filter'
export { NotFoundError, ValidationError } from '../../errors'
