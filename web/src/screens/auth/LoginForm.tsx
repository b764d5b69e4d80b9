import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { login, type SessionUser } from '../../stores/session.ts';
import { messageOr, MESSAGES } from './authLogic.ts';
import './auth.css';

/** Email and password with "Login"; errors in words (the server's message, or "Server error"). */
export const LoginForm = ({
  idPrefix,
  onLoggedIn,
  autoFocus = false,
}: {
  idPrefix: string;
  onLoggedIn: (user: SessionUser) => void;
  autoFocus?: boolean;
}) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t(MESSAGES.loginRequired));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await login(email, password));
    } catch (cause) {
      setError(messageOr(cause, MESSAGES.loginServer));
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${idPrefix}-email`}>{t('Email')}</label>
        <input
          id={`${idPrefix}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          autoFocus={autoFocus}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-password`}>{t('Password')}</label>
        <input
          id={`${idPrefix}-password`}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      {error && (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t('Logging in…') : t('Login')}
      </button>
      <p className="auth-switch">
        <Link to="/forgot-password">{t('Forgot password?')}</Link>
      </p>
      <p className="auth-switch">
        {tRich('New to Vetri Deals? <register>Register</register>', {
          register: (w) => <Link to="/register">{w}</Link>,
        })}
      </p>
    </form>
  );
};
