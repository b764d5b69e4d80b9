import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { BLOG_LIMITS, slugFromTitle } from '../../../../engine/blog.ts';
import { t } from '../../i18n/index.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import type { Post, PostFields, PostSummary } from '../blog/blogApi.ts';
import { blogApi } from '../blog/blogApi.ts';
import { adminError, serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import '../../ui/kit.css';
import '../blog/blog.css';
import './admin.css';

const EMPTY: PostFields = { title: '', slug: '', summary: '', body: '' };

type Result = { ok: boolean; message: string; slug?: string } | null;
type List = { state: 'loading' } | { state: 'error' } | { state: 'ready'; posts: PostSummary[] };

const Counter = ({ text, max }: { text: string; max: number }) => {
  const count = [...text.trim()].length;
  return (
    <p className={count > max ? 'blog-count blog-count--over' : 'blog-count'}>
      {formatNumber(count)} / {formatNumber(max)}
    </p>
  );
};

/** /admin/blog: write, edit and unpublish blog posts. The server checks the role and every field again. */
export const AdminBlog = () => {
  usePageTitle(t('Blog posts'));
  const [fields, setFields] = useState<PostFields>(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  const [editing, setEditing] = useState<Post | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [list, setList] = useState<List>({ state: 'loading' });
  const [confirming, setConfirming] = useState<string | null>(null);

  const loadList = useCallback(() => {
    blogApi
      .list(1, 50)
      .then((page) => setList({ state: 'ready', posts: page.posts }))
      .catch((error: unknown) => {
        console.error('Failed to load blog posts', error);
        setList({ state: 'error' });
      });
  }, []);
  useEffect(loadList, [loadList]);

  const set = (key: keyof PostFields, value: string) =>
    setFields((f) => ({
      ...f,
      [key]: value,
      ...(key === 'title' && !slugEdited ? { slug: slugFromTitle(value) } : {}),
    }));

  const reset = () => {
    setFields(EMPTY);
    setSlugEdited(false);
    setEditing(null);
  };

  const startEdit = async (summary: PostSummary) => {
    setResult(null);
    setConfirming(null);
    try {
      const post = await blogApi.post(summary.slug);
      setEditing(post);
      setSlugEdited(true);
      setFields({ title: post.title, slug: post.slug, summary: post.summary, body: post.body });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setResult({ ok: false, message: adminError(error, t('Failed to load the post.')) });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const res = editing ? await blogApi.save(editing.id, fields) : await blogApi.publish(fields);
      setResult({ ok: true, message: t(res.message), slug: res.post.slug });
      reset();
      loadList();
    } catch (error) {
      setResult({ ok: false, message: adminError(error, t('The post could not be saved.')) });
    } finally {
      setBusy(false);
    }
  };

  const unpublish = async (post: PostSummary) => {
    setBusy(true);
    setResult(null);
    try {
      const res = await blogApi.unpublish(post.id);
      setResult({
        ok: true,
        message: serverSaid(
          `${res.message} “${post.title}” is no longer shown.`,
          'Post unpublished. “{title}” is no longer shown.',
          { title: post.title },
        ),
      });
      if (editing?.id === post.id) reset();
      loadList();
    } catch (error) {
      setResult({ ok: false, message: adminError(error, t('The post could not be unpublished.')) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <section className="container admin-page">
      <p className="eyebrow">{t('Admin')}</p>
      <h1>{t('Blog posts')}</h1>
      <AdminNav />
      <div className="admin-two-col">
        <form className="card admin-form blog-form" onSubmit={(e) => void submit(e)} data-testid="blog-form">
          <h2>{editing ? t('Edit post') : t('Write a post')}</h2>
          <div className="vd-form-field">
            <label htmlFor="blog-title">{t('Title')}</label>
            <input id="blog-title" value={fields.title} onChange={(e) => set('title', e.target.value)} />
            <Counter text={fields.title} max={BLOG_LIMITS.title} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="blog-slug">{t('Web address')}</label>
            <input
              id="blog-slug"
              value={fields.slug}
              aria-describedby="blog-slug-hint"
              onChange={(e) => {
                setSlugEdited(true);
                set('slug', e.target.value.toLowerCase());
              }}
            />
            <p className="vd-form-hint" id="blog-slug-hint">
              {t('/blog/{slug} · filled from the title; lowercase letters, digits and hyphens.', {
                slug: fields.slug || '…',
              })}
            </p>
          </div>
          <div className="vd-form-field">
            <label htmlFor="blog-summary">{t('Summary')}</label>
            <textarea id="blog-summary" value={fields.summary} onChange={(e) => set('summary', e.target.value)} />
            <Counter text={fields.summary} max={BLOG_LIMITS.summary} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="blog-body">{t('Post')}</label>
            <textarea
              id="blog-body"
              className="blog-body-input"
              value={fields.body}
              aria-describedby="blog-body-hint"
              onChange={(e) => set('body', e.target.value)}
            />
            <p className="vd-form-hint" id="blog-body-hint">
              {t('Plain text. Leave a blank line between paragraphs.')}
            </p>
            <Counter text={fields.body} max={BLOG_LIMITS.body} />
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t('Saving…') : editing ? t('Save changes') : t('Publish')}
            </button>
            {editing && (
              <button type="button" className="btn btn-ghost" onClick={reset} disabled={busy}>
                {t('Cancel editing')}
              </button>
            )}
          </div>
          {result && (
            <p
              className={result.ok ? 'result-message result-message--ok' : 'result-message result-message--fail'}
              role={result.ok ? 'status' : 'alert'}
              data-testid="blog-result"
            >
              {result.message} {result.slug && <Link to={`/blog/${result.slug}`}>{t('View the post')}</Link>}
            </p>
          )}
        </form>

        <div className="card admin-panel">
          <h2>{t('Published posts')}</h2>
          {list.state === 'loading' && <p className="table-state">{t('Loading posts…')}</p>}
          {list.state === 'error' && <p className="table-state">{t('Failed to load the posts. Please refresh.')}</p>}
          {list.state === 'ready' && list.posts.length === 0 && (
            <p className="table-state">{t('No posts yet. Write the first one.')}</p>
          )}
          {list.state === 'ready' && list.posts.length > 0 && (
            <ul className="blog-admin-list" data-testid="blog-admin-list">
              {list.posts.map((post) => (
                <li key={post.id}>
                  <Link to={`/blog/${post.slug}`}>
                    <strong id={`post-title-${post.id}`} translate="no">
                      {post.title}
                    </strong>
                  </Link>
                  <span className="muted">
                    {formatDate(post.published_at)} · <span translate="no">{post.author_name}</span>
                  </span>
                  {confirming === post.id ? (
                    <div className="button-row">
                      <span>{t('Unpublish this post?')}</span>
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={busy}
                        onClick={() => void unpublish(post)}
                      >
                        {t('Yes, unpublish')}
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(null)}>
                        {t('Keep it')}
                      </button>
                    </div>
                  ) : (
                    <div className="button-row">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        id={`edit-${post.id}`}
                        aria-labelledby={`edit-${post.id} post-title-${post.id}`}
                        onClick={() => void startEdit(post)}
                      >
                        {t('Edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        id={`unpublish-${post.id}`}
                        aria-labelledby={`unpublish-${post.id} post-title-${post.id}`}
                        onClick={() => setConfirming(post.id)}
                      >
                        {t('Unpublish')}
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
};
