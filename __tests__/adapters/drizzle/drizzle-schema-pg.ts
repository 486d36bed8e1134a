import { relations } from 'drizzle-orm'
import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'

/** The PostgreSQL copy of `drizzle-schema.ts` (Drizzle schemas are written per dialect). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
})

export const posts = pgTable('posts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  title: text('title').notNull(),
  published: boolean('published').notNull(),
})

export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  postId: integer('post_id').notNull(),
  body: text('body').notNull(),
})

export const tags = pgTable('tags', { id: serial('id').primaryKey(), name: text('name').notNull() })

export const postTag = pgTable(
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
