import { relations } from 'drizzle-orm'
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** A real Drizzle (SQLite) schema over the shared tables, with relations for the query API. */
export const users = sqliteTable('users', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
})

export const posts = sqliteTable('posts', {
  id: integer('id').primaryKey(),
  userId: integer('user_id').notNull(),
  title: text('title').notNull(),
  published: integer('published', { mode: 'boolean' }).notNull(),
})

export const comments = sqliteTable('comments', {
  id: integer('id').primaryKey(),
  postId: integer('post_id').notNull(),
  body: text('body').notNull(),
})

export const tags = sqliteTable('tags', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
})

export const postTag = sqliteTable(
  'post_tag',
  {
    postId: integer('post_id').notNull(),
    tagId: integer('tag_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] })],
)

export const usersRelations = relations(users, ({ many }) => ({ posts: many(posts) }))
export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.userId], references: [users.id] }),
  comments: many(comments),
  postTags: many(postTag),
}))
export const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
}))
export const tagsRelations = relations(tags, ({ many }) => ({ postTags: many(postTag) }))
export const postTagRelations = relations(postTag, ({ one }) => ({
  post: one(posts, { fields: [postTag.postId], references: [posts.id] }),
  tag: one(tags, { fields: [postTag.tagId], references: [tags.id] }),
}))
