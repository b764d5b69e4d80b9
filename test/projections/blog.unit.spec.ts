import { describe, it } from 'vitest';
import type { BlogEvent } from '../../engine/blog.ts';
import { blogPostById, listPublishedPosts, publishedPostBySlug, slugOwner } from '../../projections/blog.ts';
import { given, on } from '../helpers/readModel.ts';

const author = { userId: 'admin-1', name: 'Meena' };
const post = (postId: string, e: BlogEvent) => on(`blog-${postId}`, e);
const published = (postId: string, slug: string, publishedAt: number) =>
  post(postId, {
    type: 'PostPublished',
    data: { postId, title: `Post ${postId}`, slug, summary: 'Summary', body: 'Body', author, publishedAt },
  });

describe('blog read model', () => {
  it('lists published posts newest first and finds them by slug', () => {
    given(published('p1', 'diwali-deals', 1000), published('p2', 'pongal-offers', 2000))
      .thenRows(
        (db) => listPublishedPosts(db, { limit: 10, offset: 0 }).rows.map((r) => [r.postId, r.slug, r.publishedAt]),
        [
          ['p2', 'pongal-offers', 2000],
          ['p1', 'diwali-deals', 1000],
        ],
      )
      .thenRows((db) => listPublishedPosts(db, { limit: 1, offset: 1 }).total, 2)
      .thenRows((db) => publishedPostBySlug(db, 'diwali-deals')?.authorName, 'Meena');
  });

  it('serves an edit under its new slug, and never an unpublished post, whose slug is free again', () => {
    given(
      published('p1', 'diwali-deals', 1000),
      post('p1', {
        type: 'PostEdited',
        data: {
          postId: 'p1',
          title: 'Diwali',
          slug: 'diwali',
          summary: 'S',
          body: 'B',
          editor: author,
          editedAt: 1500,
        },
      }),
      published('p2', 'old-news', 2000),
      post('p2', { type: 'PostUnpublished', data: { postId: 'p2', by: author, unpublishedAt: 3000 } }),
    )
      .thenRows(
        (db) => [slugOwner(db, 'diwali'), slugOwner(db, 'diwali-deals'), slugOwner(db, 'old-news')],
        ['p1', null, null],
      )
      .thenRows(
        (db) => {
          const p = blogPostById(db, 'p2')!;
          return [p.status, p.unpublishedAt];
        },
        ['unpublished', 3000],
      )
      .thenRows(
        (db) => {
          const p = blogPostById(db, 'p1')!;
          return [p.title, p.publishedAt, p.updatedAt];
        },
        ['Diwali', 1000, 1500],
      );
  });
});
