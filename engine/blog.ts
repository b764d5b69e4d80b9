import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

export const BLOG_LIMITS = { title: 120, summary: 300, body: 20_000, slug: 80 } as const;

/** Who wrote or changed a post: taken from the command's actor (the session), never from the request body. */
export interface PostAuthor {
  userId: string;
  name: string;
}

/** What an admin types. `body` is plain text; a blank line separates paragraphs. */
export interface PostContent {
  title: string;
  slug: string;
  summary: string;
  body: string;
}

export type BlogCommand =
  | {
      type: 'PublishPost';
      /** `slugOwner`: the post that holds this slug in the read model, if any (checked by the API before deciding). */
      data: PostContent & { postId: string; author: PostAuthor; slugOwner: string | null; now: number };
    }
  | { type: 'EditPost'; data: PostContent & { editor: PostAuthor; slugOwner: string | null; now: number } }
  | { type: 'UnpublishPost'; data: { by: PostAuthor; now: number } };

export type BlogEvent =
  | { type: 'PostPublished'; data: PostContent & { postId: string; author: PostAuthor; publishedAt: number } }
  | { type: 'PostEdited'; data: PostContent & { postId: string; editor: PostAuthor; editedAt: number } }
  | { type: 'PostUnpublished'; data: { postId: string; by: PostAuthor; unpublishedAt: number } };

export interface Post extends PostContent {
  postId: string;
  author: PostAuthor;
  publishedAt: number;
  updatedAt: number;
}

export type BlogState =
  | { status: 'none' }
  | { status: 'published'; post: Post }
  | { status: 'unpublished'; post: Post; unpublishedAt: number };

export const blogStream = (postId: string): string => `blog-${postId}`;

export const BLOG_MESSAGES = {
  notFound: 'Post not found',
  exists: 'This post has already been published.',
  titleRequired: 'Please give the post a title.',
  titleTooLong: `The title can be at most ${BLOG_LIMITS.title} characters.`,
  summaryRequired: 'Please write a short summary of the post.',
  summaryTooLong: `The summary can be at most ${BLOG_LIMITS.summary} characters.`,
  bodyRequired: 'Please write the text of the post.',
  bodyTooLong: `The post can be at most ${BLOG_LIMITS.body.toLocaleString('en-IN')} characters.`,
  slugInvalid: `The web address may use only lowercase letters, digits and single hyphens (at most ${BLOG_LIMITS.slug} characters), e.g. diwali-deal-tips.`,
  slugTaken: (slug: string) => `Another post already uses the web address "${slug}". Please choose another.`,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a title: "Diwali deal tips!" → "diwali-deal-tips" (letters outside a–z dropped). */
export const slugFromTitle = (title: string): string =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');

/** Length in characters as a reader counts them (code points, so Tamil or emoji are not double-counted). */
const charCount = (text: string): number => [...text].length;

/** Plain-text body with Windows line ends made plain, trailing spaces trimmed and 3+ newlines cut to one blank line. */
export const normalizeBody = (body: string): string =>
  body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The paragraphs of a body: split on blank lines; single newlines stay inside a paragraph. */
export const paragraphsOf = (body: string): string[] =>
  normalizeBody(body)
    .split('\n\n')
    .filter((p) => p.trim() !== '');

const clean = (c: PostContent): PostContent => ({
  title: c.title.trim().replace(/\s+/g, ' '),
  slug: c.slug.trim(),
  summary: c.summary.trim().replace(/\s+/g, ' '),
  body: normalizeBody(c.body),
});

const validate = (c: PostContent, postId: string, slugOwner: string | null): void => {
  const fail = (code: string, message: string, field: keyof PostContent) => {
    throw new DomainError(code, message, { field });
  };
  if (!c.title) fail('BLOG_TITLE_REQUIRED', BLOG_MESSAGES.titleRequired, 'title');
  if (charCount(c.title) > BLOG_LIMITS.title) fail('BLOG_TITLE_TOO_LONG', BLOG_MESSAGES.titleTooLong, 'title');
  if (!SLUG.test(c.slug) || c.slug.length > BLOG_LIMITS.slug)
    fail('BLOG_SLUG_INVALID', BLOG_MESSAGES.slugInvalid, 'slug');
  if (slugOwner !== null && slugOwner !== postId) fail('BLOG_SLUG_TAKEN', BLOG_MESSAGES.slugTaken(c.slug), 'slug');
  if (!c.summary) fail('BLOG_SUMMARY_REQUIRED', BLOG_MESSAGES.summaryRequired, 'summary');
  if (charCount(c.summary) > BLOG_LIMITS.summary)
    fail('BLOG_SUMMARY_TOO_LONG', BLOG_MESSAGES.summaryTooLong, 'summary');
  if (!c.body) fail('BLOG_BODY_REQUIRED', BLOG_MESSAGES.bodyRequired, 'body');
  if (charCount(c.body) > BLOG_LIMITS.body) fail('BLOG_BODY_TOO_LONG', BLOG_MESSAGES.bodyTooLong, 'body');
};

const published = (state: BlogState): Post => {
  if (state.status !== 'published') throw new DomainError('BLOG_POST_NOT_FOUND', BLOG_MESSAGES.notFound);
  return state.post;
};

const sameContent = (a: PostContent, b: PostContent) =>
  a.title === b.title && a.slug === b.slug && a.summary === b.summary && a.body === b.body;

const publish = (state: BlogState, d: Extract<BlogCommand, { type: 'PublishPost' }>['data']): BlogEvent[] => {
  if (state.status !== 'none') throw new DomainError('BLOG_POST_EXISTS', BLOG_MESSAGES.exists);
  if (!d.postId.trim()) throw new DomainError('BLOG_POST_NOT_FOUND', BLOG_MESSAGES.notFound);
  const content = clean(d);
  validate(content, d.postId, d.slugOwner);
  return [{ type: 'PostPublished', data: { postId: d.postId, ...content, author: d.author, publishedAt: d.now } }];
};

const edit = (state: BlogState, d: Extract<BlogCommand, { type: 'EditPost' }>['data']): BlogEvent[] => {
  const post = published(state);
  const content = clean(d);
  validate(content, post.postId, d.slugOwner);
  if (sameContent(content, post)) return [];
  return [{ type: 'PostEdited', data: { postId: post.postId, ...content, editor: d.editor, editedAt: d.now } }];
};

/**
 * One blog post (`blog-{postId}`). Guarantees: a post is published once, by the actor who sent the
 * command, at the command's time; every title, summary, body and slug it ever shows passed the same
 * checks (non-empty, title ≤ 120, summary ≤ 300, body ≤ 20,000 characters, a lowercase hyphenated
 * slug no other post holds in the read model); an edit that changes nothing appends nothing; once
 * unpublished a post can be neither edited nor published again, and unpublishing twice changes nothing.
 * The body is plain text (paragraphs split on blank lines), never markup.
 */
export const initialState: BlogState = { status: 'none' };

export const decide = (command: BlogCommand, state: BlogState): BlogEvent[] => {
  switch (command.type) {
    case 'PublishPost':
      return publish(state, command.data);
    case 'EditPost':
      return edit(state, command.data);
    case 'UnpublishPost': {
      if (state.status === 'unpublished') return [];
      const post = published(state);
      return [
        {
          type: 'PostUnpublished',
          data: { postId: post.postId, by: command.data.by, unpublishedAt: command.data.now },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: BlogState, event: BlogEvent): BlogState => {
  switch (event.type) {
    case 'PostPublished': {
      const { publishedAt, ...rest } = event.data;
      return { status: 'published', post: { ...rest, publishedAt, updatedAt: publishedAt } };
    }
    case 'PostEdited': {
      if (state.status !== 'published') return state;
      const { title, slug, summary, body, editedAt } = event.data;
      return { status: 'published', post: { ...state.post, title, slug, summary, body, updatedAt: editedAt } };
    }
    case 'PostUnpublished':
      if (state.status !== 'published') return state;
      return { status: 'unpublished', post: state.post, unpublishedAt: event.data.unpublishedAt };
    default:
      return state;
  }
};

export const blogDecider: Decider<BlogCommand, BlogEvent, BlogState> = { initialState, decide, evolve };
