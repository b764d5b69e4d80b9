import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paragraphsOf } from '../../../../engine/blog.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { EmptyState, RetryNotice } from '../../ui/kit.tsx';
import type { Post } from './blogApi.ts';
import { blogApi, blogLoadError, isNotFound } from './blogApi.ts';
import './blog.css';

type Load =
  { state: 'loading' } | { state: 'missing' } | { state: 'error'; message: string } | { state: 'ready'; post: Post };

/** /blog/:slug: one post. The body is plain text split into paragraphs; nothing in it is read as markup. */
export const BlogPost = () => {
  const { slug = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageTitle(load.state === 'ready' ? load.post.title : load.state === 'missing' ? 'Post not found' : 'Blog');

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    blogApi
      .post(slug, controller.signal)
      .then((post) => setLoad({ state: 'ready', post }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(
          isNotFound(error)
            ? { state: 'missing' }
            : { state: 'error', message: blogLoadError(error, 'Failed to load this post.') },
        );
      });
    return () => controller.abort();
  }, [slug, attempt]);

  if (load.state !== 'ready') {
    return (
      <div className="container vd-screen-body">
        {load.state === 'loading' && <PageLoading label="Loading post…" />}
        {load.state === 'missing' && (
          <EmptyState title="Post not found">
            <p>It may have been taken down, or the link is mistyped.</p>
            <Link to="/blog" className="btn btn-primary btn-sm">
              See all posts
            </Link>
          </EmptyState>
        )}
        {load.state === 'error' && <RetryNotice message={load.message} onRetry={() => setAttempt((a) => a + 1)} />}
      </div>
    );
  }

  const { post } = load;
  const edited = post.updated_at !== post.published_at;
  return (
    <>
      <header className="page-hero">
        <div className="container">
          <p className="eyebrow eyebrow--light">
            <Link to="/blog">Blog</Link>
          </p>
          <h1 data-testid="blog-title">{post.title}</h1>
          <p className="page-hero-lead">{post.summary}</p>
          <p className="blog-meta">
            By {post.author_name} · <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
            {edited && <> · Updated {formatDateTime(post.updated_at)}</>}
          </p>
        </div>
      </header>
      <div className="container page-body blog-body">
        <article className="prose" data-testid="blog-body">
          {paragraphsOf(post.body).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </article>
        <Link to="/blog" className="blog-back">
          ← All posts
        </Link>
      </div>
    </>
  );
};
