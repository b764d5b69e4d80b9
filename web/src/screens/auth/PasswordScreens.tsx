import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { messageOr } from './authLogic.ts';
import { PasswordStrength } from './PasswordStrength.tsx';
import './auth.css';

type Alert = { tone: 'error' | 'success'; text: string } | null;

/** Sends a form's request: busy while it runs, then the server's answer or error in words. */
const useSubmit = (send: () => Promise<{ message: string }>, onDone?: () => void) => {
  const [alert, setAlert] = useState<Alert>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      setAlert({ tone: 'success', text: t((await send()).message) });
      onDone?.();
    } catch (cause) {
      setAlert({ tone: 'error', text: messageOr(cause, 'Server error') });
    } finally {
      setBusy(false);
    }
  };
  return { alert, setAlert, busy, onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event) };
};

const FormAlert = ({ alert }: { alert: Alert }) =>
  alert ? (
    <p className={`form-alert form-alert--${alert.tone}`} role={alert.tone === 'error' ? 'alert' : 'status'}>
      {alert.text}
    </p>
  ) : null;

/** Two password fields with the strength meter; shared by the reset page and the profile's change form. */
const NewPasswordFields = ({
  idPrefix,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
}) => (
  <>
    <div className="field">
      <label htmlFor={`${idPrefix}-new`}>{t('New password')}</label>
      <input
        id={`${idPrefix}-new`}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        required
      />
      <PasswordStrength password={password} />
    </div>
    <div className="field">
      <label htmlFor={`${idPrefix}-confirm`}>{t('Confirm new password')}</label>
      <input
        id={`${idPrefix}-confirm`}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        required
      />
    </div>
  </>
);

/** /forgot-password: the same answer for every email; the link comes by mail. */
export const ForgotPassword = () => {
  usePageTitle(t('Forgot password'));
  const [email, setEmail] = useState('');
  const { alert, setAlert, busy, onSubmit } = useSubmit(() =>
    api<{ message: string }>('/api/auth/password/forgot', { body: { email } }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (email.trim()) return onSubmit(event);
    event.preventDefault();
    setAlert({ tone: 'error', text: t('Enter an email first.') });
  };
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">{t('Members')}</p>
        <h1>{t('Forgot password')}</h1>
        <p className="muted">
          {t('Enter the email of your account. We will mail you a link to choose a new password.')}
        </p>
        <form className="auth-form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="forgot-email">{t('Email')}</label>
            <input
              id="forgot-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </div>
          <FormAlert alert={alert} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
            {busy ? t('Sending…') : t('Send reset link')}
          </button>
          <p className="auth-switch">
            {tRich('Remembered it? <login>Login</login>', { login: (w) => <Link to="/login">{w}</Link> })}
          </p>
        </form>
      </div>
    </section>
  );
};

/** /reset-password?token=…: a new password from the mailed link (once, within 30 minutes). */
export const ResetPassword = () => {
  usePageTitle(t('Choose a new password'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { alert, busy, onSubmit } = useSubmit(
    () => api<{ message: string }>('/api/auth/password/reset', { body: { token, password, confirmPassword: confirm } }),
    () => setDone(true),
  );
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">{t('Members')}</p>
        <h1>{t('Choose a new password')}</h1>
        {!token ? (
          <p className="form-alert form-alert--error" role="alert">
            {tRich('This page needs the link from your reset mail. <ask>Ask for a new link</ask>.', {
              ask: (w) => <Link to="/forgot-password">{w}</Link>,
            })}
          </p>
        ) : done ? (
          <>
            <FormAlert alert={alert} />
            <Link to="/login" className="btn btn-primary btn-block">
              {t('Go to login')}
            </Link>
          </>
        ) : (
          <form className="auth-form" onSubmit={onSubmit} noValidate>
            <NewPasswordFields
              idPrefix="reset"
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
            />
            <FormAlert alert={alert} />
            <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
              {busy ? t('Saving…') : t('Save new password')}
            </button>
            <p className="auth-switch">
              {tRich('Link not working? <ask>Ask for a new one</ask>', {
                ask: (w) => <Link to="/forgot-password">{w}</Link>,
              })}
            </p>
          </form>
        )}
      </div>
    </section>
  );
};

/** The profile's "Change password": the current one required; other devices are logged out. */
export const ChangePassword = () => {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { alert, busy, onSubmit } = useSubmit(
    () =>
      api<{ message: string }>('/api/auth/password/change', {
        body: { currentPassword: current, password, confirmPassword: confirm },
      }),
    () => {
      setCurrent('');
      setPassword('');
      setConfirm('');
    },
  );
  return (
    <form
      className="card profile-form change-password"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title">{t('Change password')}</h2>
      <div className="field">
        <label htmlFor="change-current">{t('Current password')}</label>
        <input
          id="change-current"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
      </div>
      <NewPasswordFields
        idPrefix="change"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <FormAlert alert={alert} />
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {busy ? t('Saving…') : t('Change password')}
      </button>
    </form>
  );
};
