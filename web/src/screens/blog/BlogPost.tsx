import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paragraphsOf } from '../../../../engine/blog.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
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
  usePageTitle(load.state === 'ready' ? load.post.title : load.state === 'missing' ? t('Post not found') : t('Blog'));

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
        {load.state === 'loading' && <PageLoading label={t('Loading post…')} />}
        {load.state === 'missing' && (
          <EmptyState title={t('Post not found')}>
            <p>{t('It may have been taken down, or the link is mistyped.')}</p>
            <Link to="/blog" className="btn btn-primary btn-sm">
              {t('See all posts')}
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
            <Link to="/blog">{t('Blog')}</Link>
          </p>
          {/* Posts are written by admins: their words are shown as written. */}
          <h1 data-testid="blog-title" translate="no">
            {post.title}
          </h1>
          <p className="page-hero-lead" translate="no">
            {post.summary}
          </p>
          <p className="blog-meta">
            {tRich('By <who>{name}</who>', { who: (w) => <span translate="no">{w}</span> }, { name: post.author_name })}{' '}
            · <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
            {edited && <> · {t('Updated {when}', { when: formatDateTime(post.updated_at) })}</>}
          </p>
        </div>
      </header>
      <div className="container page-body blog-body">
        <article className="prose" data-testid="blog-body" translate="no">
          {paragraphsOf(post.body).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </article>
        <Link to="/blog" className="blog-back">
          {t('← All posts')}
        </Link>
      </div>
    </>
  );
};
