import type { Post, PostFields, PostList, PostSummary } from '../../../../api/contract/blog.ts';
import { errorText, t } from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api.ts';

export type { Post, PostFields, PostSummary };
export type PostPage = PostList;

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

/**
 * A failed read in words: the server's message for a refusal (translated by its code), a plain sentence
 * when there was no answer. `fallback` is English (translated here).
 */
export const blogLoadError = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.code !== 'NETWORK' && error.status < 500
    ? errorText(error.code, error.message, error.details)
    : t('{fallback} Please check your connection and try again.', { fallback: t(fallback) });

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
