// Context of the Drizzle fragments: a SQLite schema with relations, its database and a resource.
import Database from 'better-sqlite3'
import { eq, relations, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { JsonResource } from 'api-resources'

const users = sqliteTable('users', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
})
const posts = sqliteTable('posts', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  userId: integer('user_id').notNull(),
})
const comments = sqliteTable('comments', {
  id: integer('id').primaryKey(),
  postId: integer('post_id').notNull(),
  body: text('body').notNull(),
})
const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.userId], references: [users.id] }),
  comments: many(comments),
}))
const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
}))
const db = drizzle(new Database(':memory:'), {
  schema: { users, posts, comments, postsRelations, commentsRelations },
})
class PostResource extends JsonResource<{ id: number; title: string }> {}
