import 'reflect-metadata'
import {
  Column,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  VirtualColumn,
} from 'typeorm'

/** Real TypeORM entities over the shared schema; `Comment.post` is a lazy relation. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id!: number
  @Column() name!: string
  @Column() active!: boolean
  @OneToMany(() => Post, (post) => post.author) posts?: Post[]
  /** TypeORM 1.x has no loadRelationCountAndMap: a count is a virtual column. */
  @VirtualColumn({
    type: 'int',
    query: (alias) => `SELECT COUNT(*) FROM posts p WHERE p.user_id = ${alias}.id`,
  })
  postsCount?: number
  /** Aggregates as TypeORM selects them (virtual columns), named as Laravel names them. */
  @VirtualColumn({
    type: 'int',
    query: (alias) => `SELECT MAX(p.id) FROM posts p WHERE p.user_id = ${alias}.id`,
  })
  posts_max_id?: number | null
  @VirtualColumn({
    type: 'int',
    query: (alias) =>
      `SELECT CASE WHEN EXISTS (SELECT 1 FROM posts p WHERE p.user_id = ${alias}.id) THEN 1 ELSE 0 END`,
  })
  posts_exists?: number
}

@Entity('tags')
export class Tag {
  @PrimaryGeneratedColumn() id!: number
  @Column() name!: string
}

@Entity('posts')
export class Post {
  @PrimaryGeneratedColumn() id!: number
  @Column() title!: string
  @Column() published!: boolean
  @ManyToOne(() => User, (user) => user.posts)
  @JoinColumn({ name: 'user_id' })
  author?: User
  @OneToMany(() => Comment, (comment) => comment.post) comments?: Comment[]
  @OneToMany(() => PostTag, (pt) => pt.post) postTags?: PostTag[]
  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'post_tag',
    joinColumn: { name: 'post_id' },
    inverseJoinColumn: { name: 'tag_id' },
  })
  tags?: Tag[]
}

@Entity('comments')
export class Comment {
  @PrimaryGeneratedColumn() id!: number
  @Column() body!: string
  @ManyToOne(() => Post, (post) => post.comments, { lazy: true })
  @JoinColumn({ name: 'post_id' })
  post!: Promise<Post>
}

/** The pivot entity: post_tag carries a `role`. */
@Entity('post_tag')
export class PostTag {
  @PrimaryColumn({ name: 'post_id' }) postId!: number
  @PrimaryColumn({ name: 'tag_id' }) tagId!: number
  @Column() role!: string
  @ManyToOne(() => Post, (post) => post.postTags)
  @JoinColumn({ name: 'post_id' })
  post?: Post
  @ManyToOne(() => Tag)
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag
}

/** A class TypeORM never hears of: default rules. */
export class Unregistered {
  title = 'Post 1'
}
