import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { NewsletterAnswer } from '../../../../api/contract/newsletter.ts';
import { t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Notice } from '../../ui/kit.tsx';

type Step = 'confirm' | 'unsubscribe';
type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

const TITLES: Record<Step, string> = { confirm: 'Confirm your subscription', unsubscribe: 'Unsubscribe' };
const WORKING: Record<Step, string> = {
  confirm: 'Confirming your subscription…',
  unsubscribe: 'Unsubscribing you…',
};

/** The page a newsletter mail's link opens: it posts the link's address and token once and says what happened. */
const NewsletterLink = ({ step }: { step: Step }) => {
  usePageTitle(t(TITLES[step]));
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    if (!email || !token) {
      setState({ kind: 'error', message: t('This link is incomplete. Please open the whole link from the mail.') });
      return;
    }
    const controller = new AbortController();
    api<NewsletterAnswer>(`/api/newsletter/${step}`, { body: { email, token }, signal: controller.signal })
      .then((answer) => setState({ kind: 'done', message: t(answer.message) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'error',
          message: messageOf(error, t('We could not reach the server. Please reload this page to try again.')),
        });
      });
    return () => controller.abort();
  }, [step, email, token]);

  return (
    <section className="container page-body" data-testid={`newsletter-${step}`}>
      <h1>{t(TITLES[step])}</h1>
      {email && (
        <p className="muted" translate="no">
          {email}
        </p>
      )}
      {state.kind === 'working' && <p role="status">{t(WORKING[step])}</p>}
      {state.kind === 'done' && <Notice tone="success">{state.message}</Notice>}
      {state.kind === 'error' && <Notice tone="error">{state.message}</Notice>}
      <p>
        <Link to="/">{t('Back to the home page')}</Link>
      </p>
    </section>
  );
};

export const NewsletterConfirm = () => <NewsletterLink step="confirm" />;
export const NewsletterUnsubscribe = () => <NewsletterLink step="unsubscribe" />;
