import { and, desc, eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { BlogEvent } from '../engine/blog.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';

export const blogPostsTable = sqliteTable('rm_blog_posts', {
  postId: text('post_id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  body: text('body').notNull(),
  authorId: text('author_id').notNull(),
  authorName: text('author_name').notNull(),
  /** Epoch ms. */
  publishedAt: integer('published_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  status: text('status', { enum: ['published', 'unpublished'] }).notNull(),
  unpublishedAt: integer('unpublished_at'),
});

export type BlogPostRow = typeof blogPostsTable.$inferSelect;

/**
 * Blog posts (`blog-{postId}` streams), one row per post. Guarantees: a post is listed (newest
 * published first) and found by its slug exactly while its stream's last word is published or
 * edited; an unpublished post keeps its row for the record but is never listed or served, and
 * its slug is free again.
 */
export const blogProjector = defineReadModel<BlogEvent>()({
  name: 'blog',
  version: 1,
  tables: {
    rm_blog_posts: `CREATE TABLE IF NOT EXISTS rm_blog_posts (
      post_id TEXT PRIMARY KEY, slug TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL, body TEXT NOT NULL,
      author_id TEXT NOT NULL, author_name TEXT NOT NULL, published_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      status TEXT NOT NULL, unpublished_at INTEGER)`,
  },
  indexes: {
    rm_blog_posts_listing:
      'CREATE INDEX IF NOT EXISTS rm_blog_posts_listing ON rm_blog_posts(status, published_at DESC, post_id DESC)',
    rm_blog_posts_slug: 'CREATE INDEX IF NOT EXISTS rm_blog_posts_slug ON rm_blog_posts(slug, status)',
  },
  statements: {
    publish: `INSERT INTO rm_blog_posts (post_id, slug, title, summary, body, author_id, author_name, published_at,
        updated_at, status, unpublished_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'published', NULL) ON CONFLICT DO NOTHING`,
    edit: 'UPDATE rm_blog_posts SET slug = ?, title = ?, summary = ?, body = ?, updated_at = ? WHERE post_id = ?',
    unpublish: "UPDATE rm_blog_posts SET status = 'unpublished', unpublished_at = ? WHERE post_id = ?",
  },
  on: {
    PostPublished: ({ data: d }, { sql }) =>
      sql.publish.run(
        d.postId,
        d.slug,
        d.title,
        d.summary,
        d.body,
        d.author.userId,
        d.author.name,
        d.publishedAt,
        d.publishedAt,
      ),
    PostEdited: ({ data: d }, { sql }) => sql.edit.run(d.slug, d.title, d.summary, d.body, d.editedAt, d.postId),
    PostUnpublished: ({ data: d }, { sql }) => sql.unpublish.run(d.unpublishedAt, d.postId),
  },
});

const isPublished = eq(blogPostsTable.status, 'published');

/** Published posts, newest first, one page at a time (without bodies). */
export const listPublishedPosts = ({ orm }: ReadDb, page: { limit: number; offset: number }) => {
  const rows = orm
    .select({
      postId: blogPostsTable.postId,
      slug: blogPostsTable.slug,
      title: blogPostsTable.title,
      summary: blogPostsTable.summary,
      authorName: blogPostsTable.authorName,
      publishedAt: blogPostsTable.publishedAt,
      updatedAt: blogPostsTable.updatedAt,
    })
    .from(blogPostsTable)
    .where(isPublished)
    .orderBy(desc(blogPostsTable.publishedAt), desc(blogPostsTable.postId))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  const total =
    orm
      .select({ n: sql<number>`count(*)` })
      .from(blogPostsTable)
      .where(isPublished)
      .get()?.n ?? 0;
  return { rows, total };
};

/** The published post with this slug (the newest, should two ever race for one slug). */
export const publishedPostBySlug = ({ orm }: ReadDb, slug: string): BlogPostRow | undefined =>
  orm
    .select()
    .from(blogPostsTable)
    .where(and(isPublished, eq(blogPostsTable.slug, slug)))
    .orderBy(desc(blogPostsTable.publishedAt))
    .get();

/** A post by id, published or not. */
export const blogPostById = ({ orm }: ReadDb, postId: string): BlogPostRow | undefined =>
  orm.select().from(blogPostsTable).where(eq(blogPostsTable.postId, postId)).get();

/** The id of the published post holding a slug, or null when it is free. */
export const slugOwner = (db: ReadDb, slug: string): string | null => publishedPostBySlug(db, slug)?.postId ?? null;
