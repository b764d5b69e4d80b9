import { Hono } from 'hono';
import { z } from 'zod';
import type { BlogCommand, PostAuthor, PostContent } from '../../engine/blog.ts';
import { BLOG_MESSAGES, blogDecider, blogStream, slugFromTitle } from '../../engine/blog.ts';
import type { Actor } from '../../engine/eventStore.ts';
import type { BlogPostRow } from '../../projections/blog.ts';
import { blogPostById, listPublishedPosts, publishedPostBySlug, slugOwner } from '../../projections/blog.ts';
import type { AuthEnv, SessionUser } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import { newId } from '../ids.ts';
import type { PostSummary } from '../contract/blog.ts';
import { BlogPageQuery, Post, PostBody, PostIdParam, PostList, PostSlugParam } from '../contract/blog.ts';

type Summary = Pick<BlogPostRow, 'postId' | 'slug' | 'title' | 'summary' | 'authorName' | 'publishedAt' | 'updatedAt'>;

const toSummary = (p: Summary): PostSummary => ({
  id: p.postId,
  slug: p.slug,
  title: p.title,
  summary: p.summary,
  author_name: p.authorName,
  published_at: new Date(p.publishedAt).toISOString(),
  updated_at: new Date(p.updatedAt).toISOString(),
});
const toPost = (p: BlogPostRow): Post => ({ ...toSummary(p), body: p.body });

const notFound = () => new ApiError(404, 'BLOG_POST_NOT_FOUND', BLOG_MESSAGES.notFound);

export interface BlogCommandOptions {
  actor: Actor;
  now: number;
  commandId?: string;
}

const contentOf = (input: PostContent): PostContent => ({
  ...input,
  slug: input.slug.trim() || slugFromTitle(input.title),
});

/** Publishes a post; the slug is checked against the read model first. Used by the route and the demo seed. */
export const publishPost = async (
  deps: Pick<Deps, 'commands' | 'readDb'>,
  postId: string,
  input: PostContent,
  author: PostAuthor,
  options: BlogCommandOptions,
) => {
  const content = contentOf(input);
  const command: BlogCommand = {
    type: 'PublishPost',
    data: { postId, ...content, author, slugOwner: slugOwner(deps.readDb, content.slug), now: options.now },
  };
  await handleCommand(deps.commands, blogStream(postId), blogDecider, command, options);
  const row = blogPostById(deps.readDb, postId);
  if (!row) throw notFound();
  return toPost(row);
};

const authorOf = (user: SessionUser): PostAuthor => ({ userId: user.id, name: user.name });

/** The blog: anyone reads published posts; admins publish, edit and unpublish them. */
export const blogRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands'>) =>
  new Hono<AuthEnv>()
    .get(
      '/blog',
      describe({
        summary: 'Published blog posts, newest first, one page at a time',
        tags: ['blog'],
        response: PostList,
      }),
      queryParams(BlogPageQuery),
      (c) => {
        const { page, limit } = c.req.valid('query');
        const { rows, total } = listPublishedPosts(deps.readDb, { limit, offset: (page - 1) * limit });
        const pages = Math.max(1, Math.ceil(total / limit));
        return c.json({ success: true, posts: rows.map(toSummary), total, page, pages, limit });
      },
    )
    .get(
      '/blog/:slug',
      describe({
        summary: 'One published blog post by its slug',
        tags: ['blog'],
        response: z.object({ success: z.boolean(), post: Post }),
      }),
      pathParams(PostSlugParam),
      (c) => {
        const row = publishedPostBySlug(deps.readDb, c.req.valid('param').slug);
        if (!row) throw notFound();
        return c.json({ success: true, post: toPost(row) });
      },
    )
    .post(
      '/admin/blog',
      describe({ summary: 'Publish a blog post (the author is the admin)', tags: ['blog', 'admin'], access: 'admin' }),
      requireRole('admin'),
      jsonBody(PostBody),
      async (c) => {
        const admin = currentUser(c);
        const now = deps.clock.now();
        const post = await publishPost(deps, newId(), c.req.valid('json'), authorOf(admin), {
          actor: actorOf(admin),
          now,
        });
        return c.json({ success: true, message: 'Post published.', post });
      },
    )
    .put(
      '/admin/blog/:id',
      describe({ summary: 'Edit a published blog post', tags: ['blog', 'admin'], access: 'admin' }),
      requireRole('admin'),
      pathParams(PostIdParam),
      jsonBody(PostBody),
      async (c) => {
        const admin = currentUser(c);
        const { id } = c.req.valid('param');
        const content = contentOf(c.req.valid('json'));
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          blogStream(id),
          blogDecider,
          {
            type: 'EditPost',
            data: { ...content, editor: authorOf(admin), slugOwner: slugOwner(deps.readDb, content.slug), now },
          },
          { actor: actorOf(admin), now },
        );
        const row = blogPostById(deps.readDb, id);
        if (!row) throw notFound();
        return c.json({ success: true, message: 'Post saved.', post: toPost(row) });
      },
    )
    .delete(
      '/admin/blog/:id',
      describe({ summary: 'Unpublish a blog post (kept in the log)', tags: ['blog', 'admin'], access: 'admin' }),
      requireRole('admin'),
      pathParams(PostIdParam),
      async (c) => {
        const admin = currentUser(c);
        const { id } = c.req.valid('param');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          blogStream(id),
          blogDecider,
          { type: 'UnpublishPost', data: { by: authorOf(admin), now } },
          { actor: actorOf(admin), now },
        );
        return c.json({ success: true, message: 'Post unpublished.' });
      },
    );
