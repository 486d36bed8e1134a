import 'reflect-metadata'
import {
  Collection,
  Entity,
  Formula,
  ManyToOne,
  OneToMany,
  PrimaryKey,
  Property,
  type Ref,
} from '@mikro-orm/core'

/** Real MikroORM entities over the shared schema (explicit types: no reflection needed). */
@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'integer' }) id!: number
  @Property({ type: 'string' }) name!: string
  @Property({ type: 'boolean' }) active!: boolean
  @OneToMany({ entity: () => Post, mappedBy: 'author' }) posts = new Collection<Post>(this)
  /** Aggregates as MikroORM selects them: formulas, named as Laravel names them. */
  @Formula((alias) => `(select max(p.id) from posts p where p.user_id = ${alias}.id)`, {
    type: 'integer',
    lazy: true,
  })
  posts_max_id?: number
  @Formula(
    (alias) =>
      `(case when exists (select 1 from posts p where p.user_id = ${alias}.id) then 1 else 0 end)`,
    {
      type: 'integer',
      lazy: true,
    },
  )
  posts_exists?: number
}

@Entity({ tableName: 'tags' })
export class Tag {
  @PrimaryKey({ type: 'integer' }) id!: number
  @Property({ type: 'string' }) name!: string
}

@Entity({ tableName: 'posts' })
export class Post {
  @PrimaryKey({ type: 'integer' }) id!: number
  @Property({ type: 'string' }) title!: string
  @Property({ type: 'boolean' }) published!: boolean
  @ManyToOne({ entity: () => User, fieldName: 'user_id' }) author!: User
  @OneToMany({ entity: () => Comment, mappedBy: 'post' }) comments = new Collection<Comment>(this)
  @OneToMany({ entity: () => PostTag, mappedBy: 'post' }) postTags = new Collection<PostTag>(this)
  /** A count, loaded only when populated. */
  @Formula((alias) => `(select count(*) from comments c where c.post_id = ${alias}.id)`, {
    lazy: true,
    type: 'integer',
  })
  commentsCount?: number
}

@Entity({ tableName: 'comments' })
export class Comment {
  @PrimaryKey({ type: 'integer' }) id!: number
  @Property({ type: 'string' }) body!: string
  @ManyToOne({ entity: () => Post, fieldName: 'post_id', ref: true }) post!: Ref<Post>
}

/** The pivot entity: post_tag carries a `role`. */
@Entity({ tableName: 'post_tag' })
export class PostTag {
  @ManyToOne({ entity: () => Post, fieldName: 'post_id', primary: true }) post!: Post
  @ManyToOne({ entity: () => Tag, fieldName: 'tag_id', primary: true }) tag!: Tag
  @Property({ type: 'string' }) role!: string
}
