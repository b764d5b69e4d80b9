import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { blogStream } from '../../engine/blog.ts';
import { DEMO_POSTS, seedBlog } from '../../scripts/seed/blog.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

type PostDto = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  author_name: string;
  published_at: string;
  updated_at: string;
};
type ListDto = { success: boolean; posts: Omit<PostDto, 'body'>[]; total: number; page: number; pages: number };
type ErrorDto = { error: { code: string; message: string } };

const post = (slug: string, title = 'Pongal gift ideas under ₹500') => ({
  title,
  slug,
  summary: 'Six gifts for the family that cost less than ₹500 each.',
  body: 'Start with a brass kuthuvilakku.\n\nThen a steel tiffin box for every lunch.',
});

describe('blog over HTTP', () => {
  const clock = createManualClock(Date.parse('2026-11-22T06:00:00Z'));
  let server: TestServer;
  let admin: Client;
  let member: Client;
  let visitor: Client;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
    visitor = client(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists the three demo posts to a visitor, newest first', async () => {
    const res = await visitor.call<ListDto>('GET', '/api/blog');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.posts.map((p) => p.slug)).toEqual([...DEMO_POSTS].reverse().map((p) => p.slug));
    expect(res.body.posts[0]).toMatchObject({ author_name: 'Vetri Admin' });
    expect(res.body.posts[0]).not.toHaveProperty('body');
  });

  it('seeds the demo posts once, however often the seeder runs', async () => {
    await seedBlog(server.deps);
    expect((await visitor.call<ListDto>('GET', '/api/blog')).body.total).toBe(3);
    const events = await server.deps.store.readStream(blogStream(DEMO_POSTS[0]!.id));
    expect(events.map((e) => e.type)).toEqual(['PostPublished']);
  });

  it('lets an admin publish; a visitor then reads it in the list and by its slug', async () => {
    clock.advance(60_000);
    const res = await admin.call<{ post: PostDto; message: string }>('POST', '/api/admin/blog', post('pongal-gifts'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Post published.');
    expect(res.body.post).toMatchObject({
      slug: 'pongal-gifts',
      author_name: 'Vetri Admin',
      published_at: new Date(clock.now()).toISOString(),
    });

    const list = await visitor.call<ListDto>('GET', '/api/blog?limit=2');
    expect(list.body.posts[0]!.slug).toBe('pongal-gifts');
    expect(list.body).toMatchObject({ total: 4, page: 1, pages: 2 });
    const second = await visitor.call<ListDto>('GET', '/api/blog?limit=2&page=2');
    expect(second.body.posts.map((p) => p.slug)).toEqual([DEMO_POSTS[1]!.slug, DEMO_POSTS[0]!.slug]);

    const one = await visitor.call<{ post: PostDto }>('GET', '/api/blog/pongal-gifts');
    expect(one.status).toBe(200);
    expect(one.body.post.body).toBe(post('x').body);
  });

  it('takes the author from the session, never from the body', async () => {
    const res = await admin.call<{ post: PostDto }>('POST', '/api/admin/blog', {
      ...post('author-check'),
      author: { userId: 'someone', name: 'Mallory' },
      author_name: 'Mallory',
    });
    expect(res.body.post.author_name).toBe('Vetri Admin');
    const [event] = await server.deps.store.readStream(blogStream(res.body.post.id));
    expect(event!.data).toMatchObject({ author: { name: 'Vetri Admin' } });
    expect(event!.metadata.actor).toMatchObject({ role: 'admin' });
  });

  it('refuses members (403), visitors (401) and auditors, and nothing is published', async () => {
    const asMember = await member.call<ErrorDto>('POST', '/api/admin/blog', post('member-post'));
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('FORBIDDEN');
    const asVisitor = await visitor.call<ErrorDto>('POST', '/api/admin/blog', post('visitor-post'));
    expect(asVisitor.status).toBe(401);
    const auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    expect((await auditor.call('POST', '/api/admin/blog', post('auditor-post'))).status).toBe(403);
    const mine = await admin.call<{ post: PostDto }>('GET', '/api/blog/pongal-gifts');
    expect(
      (await member.call('PUT', `/api/admin/blog/${mine.body.post.id}`, post('pongal-gifts', 'Hacked'))).status,
    ).toBe(403);
    expect((await member.call('DELETE', `/api/admin/blog/${mine.body.post.id}`)).status).toBe(403);
    for (const slug of ['member-post', 'visitor-post', 'auditor-post']) {
      expect((await visitor.call('GET', `/api/blog/${slug}`)).status).toBe(404);
    }
    expect((await visitor.call<{ post: PostDto }>('GET', '/api/blog/pongal-gifts')).body.post.title).toBe(
      post('x').title,
    );
  });

  it('refuses bad input in words', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...post('a-title'), title: '  ' }, 'BLOG_TITLE_REQUIRED', 'Please give the post a title.'],
      [
        { ...post('b-title'), title: 'x'.repeat(121) },
        'BLOG_TITLE_TOO_LONG',
        'The title can be at most 120 characters.',
      ],
      [{ ...post('c-title'), summary: '' }, 'BLOG_SUMMARY_REQUIRED', 'Please write a short summary of the post.'],
      [
        { ...post('d-title'), summary: 's'.repeat(301) },
        'BLOG_SUMMARY_TOO_LONG',
        'The summary can be at most 300 characters.',
      ],
      [{ ...post('e-title'), body: '\n\n' }, 'BLOG_BODY_REQUIRED', 'Please write the text of the post.'],
      [
        { ...post('f-title'), body: 'b'.repeat(20_001) },
        'BLOG_BODY_TOO_LONG',
        'The post can be at most 20,000 characters.',
      ],
      [{ ...post('Bad Slug!') }, 'BLOG_SLUG_INVALID', ''],
      [
        post('pongal-gifts', 'Another post'),
        'BLOG_SLUG_TAKEN',
        'Another post already uses the web address "pongal-gifts". Please choose another.',
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await admin.call<ErrorDto>('POST', '/api/admin/blog', body);
      expect(res.status, code).toBe(422);
      expect(res.body.error.code).toBe(code);
      if (message) expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(/lowercase letters, digits and single hyphens/);
    }
    const wrongType = await admin.call<ErrorDto>('POST', '/api/admin/blog', { ...post('g-title'), title: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/title/);
    expect((await visitor.call<ListDto>('GET', '/api/blog')).body.total).toBe(5);
  });

  it('makes a slug from the title when none is given', async () => {
    const res = await admin.call<{ post: PostDto }>('POST', '/api/admin/blog', {
      ...post(''),
      title: 'Madurai Malli: 3 tips!',
    });
    expect(res.body.post.slug).toBe('madurai-malli-3-tips');
  });

  it('edits a post: a new title and slug are served, the old slug is gone', async () => {
    const { body } = await visitor.call<{ post: PostDto }>('GET', '/api/blog/madurai-malli-3-tips');
    clock.advance(60_000);
    const res = await admin.call<{ post: PostDto }>('PUT', `/api/admin/blog/${body.post.id}`, {
      ...post('madurai-malli'),
      title: 'Madurai Malli: four tips',
    });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({
      title: 'Madurai Malli: four tips',
      updated_at: new Date(clock.now()).toISOString(),
    });
    expect((await visitor.call('GET', '/api/blog/madurai-malli-3-tips')).status).toBe(404);
    expect((await visitor.call('GET', '/api/blog/madurai-malli')).status).toBe(200);
    const taken = await admin.call<ErrorDto>('PUT', `/api/admin/blog/${body.post.id}`, post('pongal-gifts'));
    expect(taken.body.error.code).toBe('BLOG_SLUG_TAKEN');
    expect((await admin.call<ErrorDto>('PUT', '/api/admin/blog/no-such-post', post('x-y'))).status).toBe(404);
  });

  it('unpublishes a post: gone from the list and its page (404), its slug free again', async () => {
    const { body } = await visitor.call<{ post: PostDto }>('GET', '/api/blog/pongal-gifts');
    const res = await admin.call<{ message: string }>('DELETE', `/api/admin/blog/${body.post.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Post unpublished.');
    const gone = await visitor.call<ErrorDto>('GET', '/api/blog/pongal-gifts');
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 'BLOG_POST_NOT_FOUND', message: 'Post not found' });
    const list = await visitor.call<ListDto>('GET', '/api/blog?limit=50');
    expect(list.body.posts.map((p) => p.slug)).not.toContain('pongal-gifts');
    expect((await admin.call('DELETE', `/api/admin/blog/${body.post.id}`)).status).toBe(200);
    const edit = await admin.call<ErrorDto>('PUT', `/api/admin/blog/${body.post.id}`, post('pongal-gifts'));
    expect(edit.status).toBe(404);
    const again = await admin.call<{ post: PostDto }>('POST', '/api/admin/blog', post('pongal-gifts', 'Pongal, again'));
    expect(again.status).toBe(200);
    expect(again.body.post.id).not.toBe(body.post.id);
  });

  it('documents the routes in the OpenAPI document with their access', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    expect(doc.paths['/api/blog']?.get?.['x-access']).toBe('public');
    expect(doc.paths['/api/blog/{slug}']?.get?.['x-access']).toBe('public');
    expect(doc.paths['/api/admin/blog']?.post?.['x-access']).toBe('admin');
    expect(doc.paths['/api/admin/blog/{id}']?.put?.['x-access']).toBe('admin');
    expect(doc.paths['/api/admin/blog/{id}']?.delete?.['x-access']).toBe('admin');
  });
});
