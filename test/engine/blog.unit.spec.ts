import { describe, expect, it } from 'vitest';
import type { BlogCommand, BlogEvent, PostContent } from '../../engine/blog.ts';
import { BLOG_MESSAGES, blogDecider, paragraphsOf } from '../../engine/blog.ts';
import { fold } from '../../engine/decider.ts';
import { specFor } from '../helpers/decider.ts';

const now = Date.parse('2026-11-22T06:00:00Z');
const later = now + 3_600_000;
const admin = { userId: 'ADM1', name: 'Vetri Admin' };
const editor = { userId: 'ADM2', name: 'Kavitha Admin' };
const given = specFor(blogDecider);

const content = (overrides: Partial<PostContent> = {}): PostContent => ({
  title: 'Five ways to win a deal room',
  slug: 'five-ways-to-win',
  summary: 'Pre-book early and keep one attempt in hand.',
  body: 'Pre-book early.\n\nKeep one attempt for the last seconds.',
  ...overrides,
});

const publish = (overrides: Partial<PostContent> = {}, slugOwner: string | null = null): BlogCommand => ({
  type: 'PublishPost',
  data: { postId: 'p1', ...content(overrides), author: admin, slugOwner, now },
});
const edit = (overrides: Partial<PostContent> = {}, slugOwner: string | null = 'p1'): BlogCommand => ({
  type: 'EditPost',
  data: { ...content(overrides), editor, slugOwner, now: later },
});
const unpublish: BlogCommand = { type: 'UnpublishPost', data: { by: editor, now: later } };

const published: BlogEvent = {
  type: 'PostPublished',
  data: { postId: 'p1', ...content(), author: admin, publishedAt: now },
};
const unpublished: BlogEvent = { type: 'PostUnpublished', data: { postId: 'p1', by: editor, unpublishedAt: later } };

describe('blog post', () => {
  describe('when nothing is published yet', () => {
    it('publishes with the author from the actor and the command time', () =>
      given([]).when(publish()).then([published]));

    it('trims the fields and keeps the body as plain paragraphs', () =>
      given([])
        .when(
          publish({
            title: '  Five ways   to win a deal room ',
            body: 'Pre-book early.\r\n\r\n\r\n\r\nKeep one attempt for the last seconds.  \n',
          }),
        )
        .then([published]));

    it('refuses an empty or over-long title in words', () => {
      given([])
        .when(publish({ title: '   ' }))
        .thenThrows('BLOG_TITLE_REQUIRED', BLOG_MESSAGES.titleRequired);
      given([])
        .when(publish({ title: 'x'.repeat(121) }))
        .thenThrows('BLOG_TITLE_TOO_LONG', 'The title can be at most 120 characters.');
    });

    it('accepts a title of exactly 120 characters, counting an emoji as one character', () => {
      expect(
        given([])
          .when(publish({ title: 'x'.repeat(120) }))
          .result().events,
      ).toHaveLength(1);
      expect(
        given([])
          .when(publish({ title: '😀'.repeat(120) }))
          .result().events,
      ).toHaveLength(1);
    });

    it('refuses an empty or over-long summary in words', () => {
      given([])
        .when(publish({ summary: '' }))
        .thenThrows('BLOG_SUMMARY_REQUIRED', BLOG_MESSAGES.summaryRequired);
      given([])
        .when(publish({ summary: 's'.repeat(301) }))
        .thenThrows('BLOG_SUMMARY_TOO_LONG', 'The summary can be at most 300 characters.');
    });

    it('refuses an empty or over-long body in words', () => {
      given([])
        .when(publish({ body: ' \n\n ' }))
        .thenThrows('BLOG_BODY_REQUIRED', BLOG_MESSAGES.bodyRequired);
      given([])
        .when(publish({ body: 'b'.repeat(20_001) }))
        .thenThrows('BLOG_BODY_TOO_LONG', 'The post can be at most 20,000 characters.');
      expect(
        given([])
          .when(publish({ body: 'b'.repeat(20_000) }))
          .result().events,
      ).toHaveLength(1);
    });

    it('refuses a slug that is not lowercase words joined by single hyphens', () => {
      for (const slug of [
        '',
        'Diwali-Tips',
        'diwali tips',
        'diwali--tips',
        '-diwali',
        'tips-',
        '<script>',
        'a'.repeat(81),
      ]) {
        given([]).when(publish({ slug })).thenThrows('BLOG_SLUG_INVALID', BLOG_MESSAGES.slugInvalid);
      }
    });

    it('refuses a slug another post holds', () =>
      given([])
        .when(publish({}, 'p9'))
        .thenThrows(
          'BLOG_SLUG_TAKEN',
          'Another post already uses the web address "five-ways-to-win". Please choose another.',
        ));

    it('cannot edit or unpublish a post that does not exist', () => {
      given([]).when(edit()).thenThrows('BLOG_POST_NOT_FOUND', 'Post not found');
      given([]).when(unpublish).thenThrows('BLOG_POST_NOT_FOUND', 'Post not found');
    });
  });

  describe('when the post is published', () => {
    it('refuses to publish it again', () => given([published]).when(publish()).thenThrows('BLOG_POST_EXISTS'));

    it('edits it, recording who edited and when, keeping its own slug', () =>
      given([published])
        .when(edit({ title: 'Six ways to win a deal room' }))
        .then([
          {
            type: 'PostEdited',
            data: { postId: 'p1', ...content({ title: 'Six ways to win a deal room' }), editor, editedAt: later },
          },
        ]));

    it('refuses an edit that moves it to a slug another post holds', () =>
      given([published])
        .when(edit({ slug: 'diwali-tips' }, 'p2'))
        .thenThrows('BLOG_SLUG_TAKEN'));

    it('checks an edit like a new post', () =>
      given([published])
        .when(edit({ summary: ' ' }))
        .thenThrows('BLOG_SUMMARY_REQUIRED'));

    it('appends nothing for an edit that changes nothing', () => given([published]).when(edit()).thenNothing());

    it('unpublishes it', () => given([published]).when(unpublish).then([unpublished]));
  });

  describe('when the post was unpublished', () => {
    it('changes nothing when unpublished again', () => given([published, unpublished]).when(unpublish).thenNothing());

    it('can be neither edited nor published again', () => {
      given([published, unpublished]).when(edit()).thenThrows('BLOG_POST_NOT_FOUND');
      given([published, unpublished]).when(publish()).thenThrows('BLOG_POST_EXISTS');
    });

    it('folds to the unpublished state with the post kept for the record', () => {
      const state = fold(blogDecider, [published, unpublished]);
      expect(state).toMatchObject({ status: 'unpublished', unpublishedAt: later, post: { slug: 'five-ways-to-win' } });
    });
  });
});

describe('paragraphsOf', () => {
  it('splits on blank lines and keeps single newlines inside a paragraph', () =>
    expect(paragraphsOf('One\nstill one\r\n\r\nTwo\n\n\n\nThree  ')).toEqual(['One\nstill one', 'Two', 'Three']));

  it('keeps markup as literal text', () =>
    expect(paragraphsOf('<script>alert(1)</script>\n\n<b>x</b>')).toEqual(['<script>alert(1)</script>', '<b>x</b>']));
});
