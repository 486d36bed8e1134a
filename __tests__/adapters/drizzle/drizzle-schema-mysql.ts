import { boolean, int, mysqlTable, primaryKey, varchar } from 'drizzle-orm/mysql-core'

/**
 * The MySQL/MariaDB copy of `drizzle-schema.ts`'s tables (Drizzle schemas are written per dialect),
 * for select builders: Drizzle's relational queries do not run on MariaDB (see drizzle-test-db.ts).
 */
export const users = mysqlTable('users', {
  id: int('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  active: boolean('active').notNull(),
})

export const posts = mysqlTable('posts', {
  id: int('id').primaryKey(),
  userId: int('user_id').notNull(),
  title: varchar('title', { length: 255 }).notNull(),
  published: boolean('published').notNull(),
})

export const comments = mysqlTable('comments', {
  id: int('id').primaryKey(),
  postId: int('post_id').notNull(),
  body: varchar('body', { length: 255 }).notNull(),
})

export const tags = mysqlTable('tags', {
  id: int('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
})

export const postTag = mysqlTable(
  'post_tag',
  {
    postId: int('post_id').notNull(),
    tagId: int('tag_id').notNull(),
    role: varchar('role', { length: 255 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] })],
)
