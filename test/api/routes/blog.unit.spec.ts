import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blogRoutes } from '../../../api/blog/routes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };
type Post = { id: string; slug: string; title: string; body: string };

describe('blogRoutes', () => {
  it('lets an admin publish, edit and unpublish a post that anyone can read, and refuses a member', async () => {
    const app = mount(deps, '/api', blogRoutes(deps));
    const admin = await signedIn(deps, { role: 'admin' });
    const member = await signedIn(deps);
    const post = { title: 'Diwali deal tips!', summary: 'Three tips', body: 'Pre-book early.\n\nBid late.' };

    expect((await call(app, 'POST', '/api/admin/blog', { cookie: member.cookie, json: post })).status).toBe(403);
    const untitled = await call<Failure>(app, 'POST', '/api/admin/blog', {
      cookie: admin.cookie,
      json: { ...post, title: ' ' },
    });
    expect(untitled.status).toBe(422);
    expect(untitled.body.error.message).toBe('Please give the post a title.');

    const published = await call<{ post: Post }>(app, 'POST', '/api/admin/blog', { cookie: admin.cookie, json: post });
    expect(published.status).toBe(200);
    expect(published.body.post.slug).toBe('diwali-deal-tips');

    const list = await call<{ posts: { slug: string }[]; total: number }>(app, 'GET', '/api/blog');
    expect(list.body).toMatchObject({ total: 1, posts: [{ slug: 'diwali-deal-tips' }] });
    const edited = await call<{ post: Post }>(app, 'PUT', `/api/admin/blog/${published.body.post.id}`, {
      cookie: admin.cookie,
      json: { ...post, body: 'Pre-book early.' },
    });
    expect(edited.body.post.body).toBe('Pre-book early.');
    const read = await call<{ post: Post }>(app, 'GET', '/api/blog/diwali-deal-tips');
    expect(read.body.post.body).toBe('Pre-book early.');

    const gone = await call(app, 'DELETE', `/api/admin/blog/${published.body.post.id}`, { cookie: admin.cookie });
    expect(gone.status).toBe(200);
    const missing = await call<Failure>(app, 'GET', '/api/blog/diwali-deal-tips');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('BLOG_POST_NOT_FOUND');
  });
});
