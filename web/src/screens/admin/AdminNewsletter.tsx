import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { NewsletterCounts, NewsletterSent } from '../../../../api/contract/newsletter.ts';
import { t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Fact, Notice } from '../../ui/kit.tsx';
import { serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; counts: NewsletterCounts };
type Send =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

const count = (n: number) => formatNumber(n);

/** /admin/newsletter: how many addresses are subscribed, and (admins) a plain-text issue to send them. */
export const AdminNewsletter = () => {
  usePageTitle(t('Newsletter'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [send, setSend] = useState<Send>({ kind: 'idle' });

  const refresh = useCallback(() => {
    api<NewsletterCounts>('/api/admin/newsletter')
      .then((counts) => setLoad({ state: 'ready', counts }))
      .catch(() => setLoad({ state: 'error' }));
  }, []);
  useEffect(refresh, [refresh]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.kind === 'sending') return;
    setSend({ kind: 'sending' });
    api<NewsletterSent>('/api/admin/newsletter/send', { body: { subject, body } })
      .then((answer) => {
        setSend({
          kind: 'sent',
          message: serverSaid(
            answer.message,
            answer.sent === 1 ? 'Newsletter sent to {n} subscriber.' : 'Newsletter sent to {n} subscribers.',
            { n: count(answer.sent) },
          ),
        });
        setSubject('');
        setBody('');
      })
      .catch((error: unknown) =>
        setSend({
          kind: 'error',
          message: messageOf(error, t('Sending failed. Please try again.')),
        }),
      );
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Newsletter')}</h1>
          <p className="muted">{t('Members and visitors subscribe from the footer and confirm by mail.')}</p>
        </div>
      </div>
      <AdminNav />
      {load.state === 'loading' && <p className="table-state">{t('Loading the count…')}</p>}
      {load.state === 'error' && (
        <Notice tone="error">{t('Failed to load the newsletter count. Please reload.')}</Notice>
      )}
      {load.state === 'ready' && (
        <dl className="card vd-facts newsletter-counts" data-testid="newsletter-counts">
          <Fact label={t('Subscribed')} testId="newsletter-subscribed">
            {count(load.counts.subscribed)}
          </Fact>
          <Fact label={t('Waiting to confirm')}>{count(load.counts.pending)}</Fact>
          <Fact label={t('Unsubscribed')}>{count(load.counts.unsubscribed)}</Fact>
        </dl>
      )}
      {isAdmin && (
        <form className="card admin-form" onSubmit={submit} noValidate>
          <h2>{t('Send an issue')}</h2>
          <p className="muted">
            {t('Plain text. Each subscriber gets their own one-step unsubscribe link at the end of the mail.')}
          </p>
          <div className="vd-form-field">
            <label htmlFor="newsletter-subject">{t('Subject')}</label>
            <input
              id="newsletter-subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={200}
            />
          </div>
          <div className="vd-form-field">
            <label htmlFor="newsletter-body">{t('Text')}</label>
            <textarea id="newsletter-body" rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
          </div>
          {send.kind === 'sent' && <Notice tone="success">{send.message}</Notice>}
          {send.kind === 'error' && <Notice tone="error">{send.message}</Notice>}
          <button type="submit" className="btn btn-primary" disabled={send.kind === 'sending'}>
            {send.kind === 'sending'
              ? t('Sending…')
              : load.state === 'ready'
                ? t('Send to {n} subscribers', { n: count(load.counts.subscribed) })
                : t('Send to subscribers')}
          </button>
        </form>
      )}
    </section>
  );
};
