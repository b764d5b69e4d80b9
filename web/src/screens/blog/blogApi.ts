import { api, ApiError } from '../../lib/api.ts';

/** A post as `GET /api/blog` lists it (times are ISO strings). */
export type PostSummary = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  author_name: string;
  published_at: string;
  updated_at: string;
};

/** A post as `GET /api/blog/:slug` serves it: `body` is plain text, a blank line between paragraphs. */
export type Post = PostSummary & { body: string };

export type PostPage = { posts: PostSummary[]; total: number; page: number; pages: number; limit: number };

/** What an admin writes; the author is the logged-in admin (the server takes it from the session). */
export type PostFields = { title: string; slug: string; summary: string; body: string };

export const BLOG_PAGE_SIZE = 9;

export const blogApi = {
  list: (page: number, limit = BLOG_PAGE_SIZE, signal?: AbortSignal) =>
    api<PostPage>(`/api/blog?page=${page}&limit=${limit}`, { signal }),
  post: (slug: string, signal?: AbortSignal) =>
    api<{ post: Post }>(`/api/blog/${encodeURIComponent(slug)}`, { signal }).then((r) => r.post),
  publish: (fields: PostFields) => api<{ message: string; post: Post }>('/api/admin/blog', { body: fields }),
  save: (id: string, fields: PostFields) =>
    api<{ message: string; post: Post }>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'PUT', body: fields }),
  unpublish: (id: string) =>
    api<{ message: string }>(`/api/admin/blog/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** A failed read in words: the server's message for a refusal, a plain sentence when there was no answer. */
export const blogLoadError = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.code !== 'NETWORK' && error.status < 500
    ? error.message
    : `${fallback} Please check your connection and try again.`;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
