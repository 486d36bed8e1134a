// Query plans through the Prisma adapter (the shared plan suite, on SQLite and PostgreSQL): the
// plan becomes findMany() arguments, includes nested `include`, counted from Prisma's query log.
import { paginate, simplePaginate, cursorPaginate } from 'api-resources/prisma'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'
import { openPrisma, prismaDialects } from './prisma-test-db'

type PlanClient = ReturnType<typeof openPrisma> & {
  planPost: ReturnType<typeof openPrisma>['post']
  $on(event: 'query', fn: (e: { query: string }) => void): void
}

plannedOrmSuite({
  name: 'Prisma',
  prefix: 'prisma_plan',
  dialects: prismaDialects(),
  // COUNT, posts, their writers, their comments, the comments' authors
  counts: true,
  // the plan tables have a pivot, these models no `tags` relation
  missingRelation: 'tags',
  includeQueries: 5,
  // Prisma's LIKE on SQLite has no escape character
  likeRefused: (dialect) => dialect === 'sqlite',
  open: async (db): Promise<PlannedOrm> => {
    const prisma = openPrisma(db, { log: [{ emit: 'event', level: 'query' }] }) as PlanClient
    const log: string[] = []
    prisma.$on('query', (e) => log.push(e.query))
    const ored = { OR: [{ score: 1 }, { score: 2 }] }
    return {
      log,
      page: (plan) => paginate(prisma.planPost, {}, plan) as never,
      simple: (plan) => simplePaginate(prisma.planPost, {}, plan) as never,
      cursor: (plan) => cursorPaginate(prisma.planPost, {}, plan) as never,
      ored: {
        OR: {
          page: (plan) => paginate(prisma.planPost, { where: ored }, plan) as never,
          cursor: (plan) => cursorPaginate(prisma.planPost, { where: ored }, plan) as never,
        },
      },
      selected: {
        cursor: (plan) =>
          cursorPaginate(prisma.planPost, { select: { id: true, title: true } }, plan) as never,
      },
      close: () => prisma.$disconnect(),
    }
  },
})
