import { z } from 'zod';

/** The blog: public posts, and what an admin writes (the author is the signed-in admin). */

/** Strings only, generous caps: the decider answers empty or over-long fields in words. */
export const PostBody = z.object({
  title: z.string().max(2_000).default(''),
  slug: z.string().max(2_000).default('').describe('lowercase words joined by hyphens; from the title when empty'),
  summary: z.string().max(5_000).default(''),
  body: z.string().max(200_000).default('').describe('plain text; a blank line separates paragraphs'),
});

export const PostIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'not a post id') });
export const PostSlugParam = z.object({ slug: z.string().max(200) });
export const BlogPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(9),
});

/** A post as `GET /api/blog` lists it. */
export const PostSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  author_name: z.string(),
  published_at: z.string().describe('ISO time'),
  updated_at: z.string().describe('ISO time'),
});
/** A post as `GET /api/blog/:slug` serves it: `body` is plain text, a blank line between paragraphs. */
export const Post = PostSummary.extend({ body: z.string().describe('plain text paragraphs') });

export type PostSummary = z.infer<typeof PostSummary>;
export type Post = z.infer<typeof Post>;
/** What an admin writes. */
export type PostFields = z.infer<typeof PostBody>;

export const PostList = z.object({
  success: z.boolean(),
  posts: z.array(PostSummary),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
});
export type PostList = z.infer<typeof PostList>;
