import { Catch, Injectable, Module, type DynamicModule, type Provider } from '@nestjs/common'
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core'
import type { BigintEncoding } from '../../context/request-context'
import { integrationSettings } from '../../http/http-response'
import { ResourceErrorsFilter } from './errors.filter'
import { loadResponseChecker } from '../../schema/check'
import { ApiResourcesInterceptor } from './interceptor'

/** Options of {@link ApiResourcesModule.forRoot}. */
export interface ApiResourcesModuleOptions {
  /**
   * Register {@link ResourceErrorsFilter} globally (the package's errors answered with their
   * statuses). Set `false` to register it yourself, or not at all.
   * @default true
   */
  readonly errorFilter?: boolean
  /**
   * The shape of the filter's plain JSON error bodies: the package's (`{ message }`, with `errors`
   * for a 422), or Nest's own (`{ statusCode, message, error }`, `errors` kept), like the
   * `HttpException`s of the rest of the app. JSON:API error documents keep theirs.
   * @default 'package'
   */
  readonly errorBody?: 'package' | 'nest'
  /**
   * Development aid: validate every body built from a resource, collection, paginator or JSON:API
   * document against its generated JSON Schema (with the package `ajv`), and fail the request with
   * the first mismatch and its JSON pointer (a `ResourceError`). Ignored when `NODE_ENV` is
   * `production`; costs nothing when off.
   * @default false
   */
  readonly checkResponses?: boolean
  /**
   * Absolute links: the `http:`/`https:` origin the app owns (`https://api.example.com`). Page
   * links and JSON:API self links are then this origin followed by the request's path. Never taken
   * from the request (`Host`, `X-Forwarded-*`). An `ArgumentError` here when it is not an origin.
   * @default undefined (links are paths, `/users?page=2`)
   */
  readonly baseUrl?: string
  /**
   * How a `bigint` is written in the bodies of resources, collections, paginators and JSON:API
   * documents: `'string'`, its decimal string; or `'number'`, a JSON number, where one outside
   * ±(2^53 - 1) fails the request with an error naming its key. Declare the
   * same choice once for the payload types (`interface JsonEncoding { bigint: 'number' }`), and give
   * it to `openApiDocument()`. An `ArgumentError` here for any other value.
   * @default 'string'
   */
  readonly bigint?: BigintEncoding
  /**
   * App-wide strict includes: an `include` path a resource does not allow is a 400 (what JSON:API
   * requires) for every query declaration that does not say `strict` itself (a route's `strict`
   * wins over both). An `ArgumentError` here unless a boolean.
   * @default false (a path that is not allowed is ignored)
   */
  readonly strict?: boolean
}

/**
 * Gives every HTTP handler of the app (Nest's Express or Fastify platform) the request context, sends the
 * resources, collections, paginators and JSON:API documents handlers return with exactly their
 * content type and status, and answers `ValidationError` (422), `NotFoundError` (404) and the
 * package's other errors with a status: {@link ApiResourcesInterceptor} and
 * {@link ResourceErrorsFilter}, registered globally.
 *
 * @example
 * @Module({ imports: [ApiResourcesModule.forRoot()], controllers: [UsersController] })
 * export class AppModule {}
 */
@Module({})
export class ApiResourcesModule {
  static forRoot(options: ApiResourcesModuleOptions = {}): DynamicModule {
    const { shared, checkResponses: check } = integrationSettings(options)
    const { baseUrl, bigint, strict } = shared
    const providers: Provider[] = [
      check || baseUrl !== undefined || bigint !== undefined || strict !== undefined
        ? {
            provide: APP_INTERCEPTOR,
            useFactory: () => configuredInterceptor(check, baseUrl, bigint, strict),
          }
        : { provide: APP_INTERCEPTOR, useClass: ApiResourcesInterceptor },
    ]
    if (options.errorFilter !== false)
      providers.push({
        provide: APP_FILTER,
        useClass: options.errorBody === 'nest' ? NestShapedErrorsFilter : ResourceErrorsFilter,
      })
    return { module: ApiResourcesModule, global: true, providers }
  }
}

/** {@link ResourceErrorsFilter} with Nest's error body shape (a class: Nest injects its adapter). */
@Catch()
@Injectable()
class NestShapedErrorsFilter extends ResourceErrorsFilter {
  override errorBody = 'nest' as const
}

/** The interceptor with the module's options; with `checkResponses`, made once Ajv is imported. */
async function configuredInterceptor(
  check: boolean,
  baseUrl: string | undefined,
  bigint: BigintEncoding | undefined,
  strict: boolean | undefined,
): Promise<ApiResourcesInterceptor> {
  // Nest awaits an async factory before the app listens
  if (check) await loadResponseChecker()
  const interceptor = new ApiResourcesInterceptor()
  interceptor.checkResponses = check
  interceptor.baseUrl = baseUrl
  interceptor.bigint = bigint
  interceptor.strict = strict
  return interceptor
}
