import { and, desc, eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { BlogEvent } from '../engine/blog.ts';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';

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

type Data<T extends BlogEvent['type']> = Extract<BlogEvent, { type: T }>['data'];

/**
 * Blog posts (`blog-{postId}` streams), one row per post. Guarantees: a post is listed (newest
 * published first) and found by its slug exactly while its stream's last word is published or
 * edited; an unpublished post keeps its row for the record but is never listed or served, and
 * its slug is free again.
 */
export const blogProjector = defineProjector({
  name: 'blog',
  version: 1,
  handles: ['PostPublished', 'PostEdited', 'PostUnpublished'],
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_blog_posts (
      post_id TEXT PRIMARY KEY, slug TEXT NOT NULL, title TEXT NOT NULL, summary TEXT NOT NULL, body TEXT NOT NULL,
      author_id TEXT NOT NULL, author_name TEXT NOT NULL, published_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      status TEXT NOT NULL, unpublished_at INTEGER)`,
    'CREATE INDEX IF NOT EXISTS rm_blog_posts_listing ON rm_blog_posts(status, published_at DESC, post_id DESC)',
    'CREATE INDEX IF NOT EXISTS rm_blog_posts_slug ON rm_blog_posts(slug, status)',
  ],
  tables: ['rm_blog_posts'],
  apply: ({ orm }, event) => {
    if (event.type === 'PostPublished') {
      const d = event.data as Data<'PostPublished'>;
      orm
        .insert(blogPostsTable)
        .values({
          postId: d.postId,
          slug: d.slug,
          title: d.title,
          summary: d.summary,
          body: d.body,
          authorId: d.author.userId,
          authorName: d.author.name,
          publishedAt: d.publishedAt,
          updatedAt: d.publishedAt,
          status: 'published',
          unpublishedAt: null,
        })
        .onConflictDoNothing()
        .run();
    } else if (event.type === 'PostEdited') {
      const d = event.data as Data<'PostEdited'>;
      orm
        .update(blogPostsTable)
        .set({ slug: d.slug, title: d.title, summary: d.summary, body: d.body, updatedAt: d.editedAt })
        .where(eq(blogPostsTable.postId, d.postId))
        .run();
    } else if (event.type === 'PostUnpublished') {
      const d = event.data as Data<'PostUnpublished'>;
      orm
        .update(blogPostsTable)
        .set({ status: 'unpublished', unpublishedAt: d.unpublishedAt })
        .where(eq(blogPostsTable.postId, d.postId))
        .run();
    }
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
