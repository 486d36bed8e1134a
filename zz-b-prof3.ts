import knexFactory from 'knex'
import { paginate } from './src/adapters/knex'
import { knexCountQuery } from './src/adapters/knex/knex-page-query'
import { LengthAwarePaginator } from './src/pagination'
async function main() {
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true })
  await db.raw('create table posts (id integer primary key, title text not null)')
  await db('posts').insert(Array.from({ length: 100 }, (_, i) => ({ id: i + 1, title: 'p' + i })))
  const rows = await db('posts').limit(20)
  const impls: Record<string, () => unknown> = {
    ours: () => paginate(db('posts').orderBy('id'), 20, 2),
    hand: async () => { const [{ total }] = await db('posts').count({ total: '*' }); const r = await db('posts').orderBy('id').limit(20).offset(20); return [total, r] },
    oursCountOnly: () => knexCountQuery(db('posts').orderBy('id')),
    handCountOnly: () => db('posts').count({ total: '*' }),
    oursFetchOnly: () => db('posts').orderBy('id').clone().clear('limit').clear('offset').limit(20).offset(20),
    handFetchOnly: () => db('posts').orderBy('id').limit(20).offset(20),
    construct: () => new LengthAwarePaginator(rows, { total: 100, perPage: 20, currentPage: 2 }),
  }
  for (const round of [0, 1]) {
    for (const [name, fn] of Object.entries(impls)) {
      const N = 4000
      const start = process.cpuUsage()
      for (let i = 0; i < N; i++) await fn()
      const u = process.cpuUsage(start)
      if (round) console.log(name.padEnd(15), ((u.user + u.system) / N).toFixed(1), 'µs/op')
    }
  }
  await db.destroy()
}
void main()
