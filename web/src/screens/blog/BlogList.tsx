import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { t } from '../../i18n/index.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { EmptyState, RetryNotice, ScreenHeader } from '../../ui/kit.tsx';
import type { PostPage, PostSummary } from './blogApi.ts';
import { blogApi, blogLoadError } from './blogApi.ts';
import './blog.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: PostPage };

const pageFrom = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

export const PostCard = ({ post }: { post: PostSummary }) => (
  <article className="card blog-card" data-testid="blog-card">
    <p className="blog-meta">
      <time dateTime={post.published_at}>{formatDate(post.published_at)}</time> ·{' '}
      <span translate="no">{post.author_name}</span>
    </p>
    {/* Posts are written by admins: their words are shown as written. */}
    <h2 translate="no">
      <Link to={`/blog/${post.slug}`}>{post.title}</Link>
    </h2>
    <p className="muted" translate="no">
      {post.summary}
    </p>
    <span className="blog-card-more" aria-hidden="true">
      {t('Read the post →')}
    </span>
  </article>
);

/** /blog: published posts, newest first, nine to a page. */
export const BlogList = () => {
  usePageTitle(t('Blog'));
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    blogApi
      .list(page, undefined, controller.signal)
      .then((result) => setLoad({ state: 'ready', page: result }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'error', message: blogLoadError(error, 'Failed to load the blog.') });
      });
    return () => controller.abort();
  }, [page, attempt]);

  const goTo = useCallback(
    (next: number) => {
      setParams(next > 1 ? { page: String(next) } : {});
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  return (
    <>
      <ScreenHeader
        eyebrow={t('Vetri Deals Blog')}
        title={t('Blog')}
        lead={t('Buying guides and deal tips from our team, for members across Tamil Nadu.')}
      />
      <div className="container vd-screen-body" data-testid="blog-list">
        {load.state === 'loading' && <PageLoading label={t('Loading posts…')} />}
        {load.state === 'error' && <RetryNotice message={load.message} onRetry={() => setAttempt((a) => a + 1)} />}
        {load.state === 'ready' && load.page.posts.length === 0 && (
          <EmptyState title={page > 1 ? t('No posts on this page') : t('No posts yet')}>
            {page > 1 ? (
              <Link to="/blog">{t('Back to the newest posts')}</Link>
            ) : (
              <p>{t('Buying guides and deal tips will appear here soon.')}</p>
            )}
          </EmptyState>
        )}
        {load.state === 'ready' && load.page.posts.length > 0 && (
          <>
            <ul className="blog-grid">
              {load.page.posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
            {load.page.pages > 1 && (
              <nav className="blog-pager" aria-label={t('Blog pages')}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  {t('← Newer posts')}
                </button>
                <span className="muted">
                  {t('Page {page} of {pages}', { page: load.page.page, pages: load.page.pages })}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page >= load.page.pages}
                  onClick={() => goTo(page + 1)}
                >
                  {t('Older posts →')}
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </>
  );
};
