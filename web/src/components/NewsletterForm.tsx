import type { FormEvent } from 'react';
import { useState } from 'react';
import type { NewsletterAnswer } from '../../../api/contract/newsletter.ts';
import { t } from '../i18n/index.ts';
import { api, messageOf } from '../lib/api.ts';
import { currentLang } from '../i18n/index.ts';

type State =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

/** The footer's newsletter form: asks for a confirmation mail (double opt-in) and says so. */
export const NewsletterForm = () => {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    if (!email.trim()) {
      setState({ kind: 'error', message: t('Enter your email address first.') });
      return;
    }
    setState({ kind: 'sending' });
    api<NewsletterAnswer>('/api/newsletter/subscribe', { body: { email, lang: currentLang() } })
      .then((answer) => {
        setState({ kind: 'sent', message: t(answer.message) });
        setEmail('');
      })
      .catch((error: unknown) =>
        setState({
          kind: 'error',
          message: messageOf(error, t('We could not reach the server. Please try again.')),
        }),
      );
  };

  return (
    <>
      <form className="newsletter-form" onSubmit={submit} noValidate data-testid="newsletter-form">
        <label htmlFor="newsletter-email" className="visually-hidden">
          {t('Email address')}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={state.kind === 'error'}
          aria-describedby="newsletter-status"
        />
        <button type="submit" className="btn btn-accent btn-sm" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('Sending…') : t('Subscribe')}
        </button>
      </form>
      <p
        id="newsletter-status"
        className={`newsletter-status${state.kind === 'error' ? ' newsletter-status--error' : ''}`}
        role={state.kind === 'error' ? 'alert' : 'status'}
        data-testid="newsletter-status"
      >
        {state.kind === 'sent' || state.kind === 'error' ? state.message : ''}
      </p>
    </>
  );
};
