// Context of fragments that page a Knex table of events.
import knex from 'knex'
import { paginate } from 'api-resources/knex'

const db = knex({ client: 'pg', connection: process.env.PG_URL })
/** A cache of counts kept by the application. */
declare const cache: { get(key: string): Promise<number> }
