// What a client may ask of the post collections (/json/posts, /jsonapi/posts, /paginated/cursor):
// declared once, given to both post resources, and the relation loaders the includes use.
import {
  belongsTo,
  belongsToMany,
  defineQuery,
  defineRelations,
  hasMany,
  type QueryCondition,
} from 'api-resources'
import type { PostRow } from './repository'

/** include, sort, filter[...] and per_page of the post collections. */
export const POST_QUERY = defineQuery<PostRow>()({
  include: ['author', 'comments', 'comments.author', 'tags'],
  sort: [
    { name: 'title', column: 'posts.title' },
    { name: 'published_at', column: 'posts.published_at' },
    { name: 'created_at', column: 'posts.created_at' },
    { name: 'id', column: 'posts.id' },
  ],
  defaultSort: '-created_at', // newest first
  uniqueKey: { name: 'id', column: 'posts.id' },
  filters: {
    author: {
      column: 'posts.user_id',
      type: 'integer',
      operators: ['eq', 'in'],
      description: 'The author: a user id, or a comma list of them.',
    },
    title: { column: 'posts.title', type: 'string', operators: ['contains'] },
    published_at: { column: 'posts.published_at', type: 'date-time', operators: ['gte', 'lte'] },
    published: {
      type: 'boolean',
      description: 'true: published posts only (published_at set); false: drafts only.',
      where: (value): QueryCondition => ({
        column: 'posts.published_at',
        op: 'null',
        value: value !== true,
      }),
    },
  },
  perPage: { default: 15, max: 50 },
})

/** The relation loaders, once: table -> relation -> keys. */
export const relations = defineRelations({
  posts: {
    author: belongsTo('users', { foreignKey: 'user_id' }),
    comments: hasMany('comments', { foreignKey: 'post_id' }),
    tags: belongsToMany('tags', {
      pivot: 'post_tag',
      foreignPivotKey: 'post_id',
      relatedPivotKey: 'tag_id',
      pivotColumns: ['position', 'added_at'],
      orderBy: 'position',
    }),
  },
  comments: { author: belongsTo('users', { foreignKey: 'user_id' }) },
})
