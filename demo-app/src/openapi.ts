/**
 * The demo's API description: `/openapi.json` is built from the resource classes by
 * `openApiDocument()` (api-resources/openapi), and `/reference` renders it with Swagger UI, served
 * from node_modules (no CDN).
 */
import { dirname } from 'node:path'
import express, { type Express } from 'express'
import { openApiDocument, type OpenApiDocument, type OpenApiRoute } from 'api-resources/openapi'
import { z } from 'zod'
import { PostResource, UserResource } from './resources/json-resources'
import {
  CommentApiResource,
  PostApiResource,
  TagApiResource,
  UserApiResource,
} from './resources/jsonapi'
import { newPost } from './routes/json'

const HTML = { schema: { type: 'string' }, contentType: 'text/html' } as const

/** `/openapi.json`: an OpenAPI document (its paths and components open objects). */
const OPENAPI_SCHEMA = {
  type: 'object',
  properties: {
    openapi: { type: 'string' },
    info: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        version: { type: 'string' },
        description: { type: 'string' },
      },
      required: ['title', 'version'],
    },
    servers: {
      type: 'array',
      items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
    },
    security: {
      type: 'array',
      items: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    paths: { type: 'object', additionalProperties: true },
    components: { type: 'object', additionalProperties: true },
  },
  required: ['openapi', 'info', 'paths'],
}

/** Every route of the demo app, with what it answers. */
export const demoRoutes: readonly OpenApiRoute[] = [
  // JSON resources
  {
    method: 'get',
    path: '/json/users',
    summary: 'Every user with posts_count',
    tags: ['JSON'],
    responds: { collection: UserResource },
  },
  {
    method: 'get',
    path: '/json/users/:id',
    summary: 'One user with its posts',
    tags: ['JSON'],
    responds: { resource: UserResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/json/posts',
    summary: 'Posts, newest first: include, sort, filter[...] and per_page',
    tags: ['JSON'],
    query: PostResource,
    responds: { paginated: PostResource },
  },
  {
    method: 'get',
    path: '/json/posts/:id',
    summary: 'One post with author, tags and comments',
    tags: ['JSON'],
    responds: { resource: PostResource },
    errors: [404],
  },
  {
    method: 'post',
    path: '/json/posts',
    summary: 'Create a post',
    tags: ['JSON'],
    requestBody: z.toJSONSchema(newPost) as Record<string, unknown>,
    status: 201,
    responds: { resource: PostResource },
    errors: [422],
  },
  // paginated JSON
  {
    method: 'get',
    path: '/paginated/users',
    summary: 'A bare paginator (Laravel page JSON)',
    tags: ['Paginated'],
    responds: { paginator: 'lengthAware' },
  },
  {
    method: 'get',
    path: '/paginated/posts',
    summary: 'A paginated resource collection',
    tags: ['Paginated'],
    responds: { paginated: PostResource },
  },
  {
    method: 'get',
    path: '/paginated/feed',
    summary: 'A simple paginated collection (no total)',
    tags: ['Paginated'],
    responds: { simplePaginated: PostResource },
  },
  {
    method: 'get',
    path: '/paginated/search',
    summary: 'A filter carried through the page links',
    tags: ['Paginated'],
    parameters: [
      { name: 'q', in: 'query', schema: { type: 'string' } },
      { name: 'author', in: 'query', schema: { type: 'string', pattern: '^[0-9]{1,9}$' } },
    ],
    responds: { paginated: PostResource },
  },
  {
    method: 'get',
    path: '/paginated/array',
    summary: 'An in-memory list, paginated',
    tags: ['Paginated'],
    responds: { paginated: UserResource },
  },
  {
    method: 'get',
    path: '/paginated/cursor',
    summary: 'A cursor-paginated collection',
    tags: ['Paginated'],
    query: { resource: PostResource, perPage: { default: 10 } },
    responds: { cursorPaginated: PostResource },
    errors: [400],
  },
  {
    method: 'get',
    path: '/paginated/cursor/jsonapi',
    summary: 'A cursor-paginated JSON:API document',
    tags: ['Paginated', 'JSON:API'],
    responds: { cursorPaginated: PostApiResource },
    errors: [400],
  },
  {
    method: 'get',
    path: '/paginated/cursor/html',
    summary: 'Cursor pages in HTML',
    tags: ['HTML'],
    responds: HTML,
    errors: [400],
  },
  // JSON:API
  {
    method: 'get',
    path: '/jsonapi/posts',
    summary: 'Posts, newest first: include (strict), sort, filter[...] and per_page',
    tags: ['JSON:API'],
    query: { resource: PostApiResource, strict: true },
    responds: { paginated: PostApiResource },
  },
  {
    method: 'get',
    path: '/jsonapi/posts/:id',
    summary: 'One post',
    tags: ['JSON:API'],
    responds: { resource: PostApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/users',
    summary: 'Users, 15 per page',
    tags: ['JSON:API'],
    responds: { paginated: UserApiResource },
  },
  {
    method: 'get',
    path: '/jsonapi/users/:id',
    summary: 'One user',
    tags: ['JSON:API'],
    responds: { resource: UserApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/users/:id/posts',
    summary: "A user's posts",
    tags: ['JSON:API'],
    responds: { paginated: PostApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/posts/:id/comments',
    summary: "A post's comments",
    tags: ['JSON:API'],
    responds: { collection: CommentApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/posts/:id/tags',
    summary: "A post's tags",
    tags: ['JSON:API'],
    responds: { collection: TagApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/comments/:id',
    summary: 'One comment',
    tags: ['JSON:API'],
    responds: { resource: CommentApiResource },
    errors: [404],
  },
  {
    method: 'get',
    path: '/jsonapi/tags/:slug',
    summary: 'One tag (its id is the slug)',
    tags: ['JSON:API'],
    responds: { resource: TagApiResource },
    errors: [404],
  },
  // HTML pages and the description itself
  { method: 'get', path: '/', summary: 'The index page', tags: ['HTML'], responds: HTML },
  {
    method: 'get',
    path: '/html/posts',
    summary: 'Posts with the page-link bar',
    tags: ['HTML'],
    responds: HTML,
  },
  {
    method: 'get',
    path: '/html/comments',
    summary: 'Comments with the page-link bar',
    tags: ['HTML'],
    responds: HTML,
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This description',
    tags: ['Reference'],
    responds: { schema: OPENAPI_SCHEMA },
  },
  {
    method: 'get',
    path: '/reference',
    summary: 'The API reference page',
    tags: ['Reference'],
    responds: HTML,
  },
  {
    method: 'get',
    path: '/reference/init.js',
    summary: 'The script that starts Swagger UI on the reference page',
    tags: ['Reference'],
    responds: { schema: { type: 'string' }, contentType: 'application/javascript' },
  },
]

/** The demo's OpenAPI document (built once). */
export function demoOpenApi(): OpenApiDocument {
  return openApiDocument({
    info: {
      title: 'api-resources demo',
      version: '1.0.0',
      description:
        'Every endpoint of the demo app, described from its resource classes by api-resources/openapi.',
    },
    // the app answers where it is served, and asks for no authentication
    servers: [{ url: '/' }],
    security: [],
    routes: demoRoutes,
  })
}

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>api-resources demo: API reference</title>
<link rel="stylesheet" href="/reference/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/reference/assets/swagger-ui-bundle.js"></script>
<script src="/reference/init.js"></script>
</body>
</html>
`

const REFERENCE_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true })\n`

/** Serves `/openapi.json` and the reference page (Swagger UI from node_modules). */
export function registerOpenApiRoutes(app: Express): void {
  let document: OpenApiDocument | undefined
  app.get('/openapi.json', (_req, res) => {
    res.json((document ??= demoOpenApi()))
  })
  const assets = dirname(require.resolve('swagger-ui-dist/package.json'))
  app.use('/reference/assets', express.static(assets, { index: false }))
  app.get('/reference/init.js', (_req, res) => {
    res.type('application/javascript').send(REFERENCE_INIT)
  })
  app.get('/reference', (_req, res) => {
    res.type('html').send(REFERENCE_PAGE)
  })
}
