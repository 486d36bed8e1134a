// Placeholder so the demo app compiles; helper B (paginators) replaces this file with the real routes.
import type { Express } from 'express'
import type { Knex } from 'knex'
import type { DemoEndpoint } from '../endpoints'

/** The endpoints this module serves (linked from the index page). */
export const paginatedEndpoints: readonly DemoEndpoint[] = []

/** Registers this module's routes on `app`. */
export function registerPaginatedRoutes(_app: Express, _db: Knex): void {}
