import { useCallback, useEffect, useState } from 'react';
import type { OutboxMail } from '../../../../api/contract/admin.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api } from '../../lib/api.ts';
import { formatDateTime, toEpochMs } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

type Mail = OutboxMail;
type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; transport: string; mails: Mail[] };

/** Newest first. */
export const newestFirst = (mails: Mail[]): Mail[] =>
  [...mails].sort((a, b) => toEpochMs(b.sentAt) - toEpochMs(a.sentAt));

/** /admin/outbox: mails kept by the outbox transport (OTP codes and the like), newest first. */
export const AdminOutbox = () => {
  usePageTitle(t('Mail outbox'));
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const refresh = useCallback(() => {
    setLoad({ state: 'loading' });
    api<{ transport: string; mails: Mail[] }>('/api/admin/outbox')
      .then((res) => setLoad({ state: 'ready', transport: res.transport, mails: newestFirst(res.mails) }))
      .catch((error: unknown) => {
        console.error('Failed to load the outbox', error);
        setLoad({ state: 'error' });
      });
  }, []);

  useEffect(refresh, [refresh]);

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Mail outbox')}</h1>
          <p className="muted">{t('Mails the system sent, such as email verification codes. Newest first.')}</p>
        </div>
        <button type="button" className="btn btn-ghost" onClick={refresh} disabled={load.state === 'loading'}>
          {t('Refresh')}
        </button>
      </div>
      <AdminNav />
      {load.state === 'loading' && <p className="table-state">{t('Loading mails…')}</p>}
      {load.state === 'error' && (
        <p className="form-alert form-alert--error" role="alert">
          {t('Failed to load the outbox. Please try again.')}
        </p>
      )}
      {load.state === 'ready' && load.transport !== 'outbox' && (
        <p className="form-alert form-alert--info">
          {tRich(
            'Mail is sent through SMTP (<name>{transport}</name>), so the outbox keeps no copies.',
            { name: (words) => <span translate="no">{words}</span> },
            { transport: load.transport },
          )}
        </p>
      )}
      {load.state === 'ready' && load.transport === 'outbox' && load.mails.length === 0 && (
        <p className="table-state card">{t('The outbox is empty. Mails appear here when the system sends them.')}</p>
      )}
      {load.state === 'ready' && load.mails.length > 0 && (
        <ol className="mail-list" data-testid="outbox">
          {load.mails.map((mail) => (
            <li key={mail.id} className="card mail">
              <div className="mail-head">
                <strong className="mail-subject" translate="no">
                  {mail.subject}
                </strong>
                <time dateTime={mail.sentAt} className="muted">
                  {formatDateTime(mail.sentAt)}
                </time>
              </div>
              <p className="mail-to">
                {tRich('To: <to>{to}</to>', { to: (words) => <span translate="no">{words}</span> }, { to: mail.to })}
              </p>
              <pre className="mail-text" translate="no">
                {mail.text}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
