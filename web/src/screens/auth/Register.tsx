import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { TN_DISTRICTS } from '../../../../engine/user.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import {
  canRegister,
  emptyRegistration,
  messageOr,
  MESSAGES,
  normalizeReferralInput,
  REFERRAL_CODE_LENGTH,
  REGISTER_REDIRECT_MS,
  registrationProblem,
  type RegistrationForm,
} from './authLogic.ts';
import { EmailOtp } from './EmailOtp.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';
import './auth.css';
import type { RegisterAnswer } from '../../../../api/contract/account.ts';
import { signIn } from '../../stores/session.ts';
import { currentLang } from '../../i18n/index.ts';

/** The referral code handed over by the landing page, if any (navigation state). */
const passedReferral = (state: unknown): string => {
  const code = (state as { referralCode?: unknown } | null)?.referralCode;
  return typeof code === 'string' ? normalizeReferralInput(code) : '';
};

const todayIso = () => new Date().toISOString().slice(0, 10);

type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * /register: every field and rule of live auction spec §2, §5. On success the member is signed in
 * and, after 2000 ms, taken to the deals (or, waitlisted, to their account and its waitlist notice).
 */
export const Register = () => {
  usePageTitle(t('Register'));
  const navigate = useNavigate();
  const location = useLocation();
  const [lockedCode] = useState(() => passedReferral(location.state));
  const [form, setForm] = useState<RegistrationForm>({ ...emptyRegistration, referralCode: lockedCode });
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [registered, setRegistered] = useState<RegisterAnswer | null>(null);

  useEffect(() => {
    if (result?.tone !== 'success' || !registered) return;
    // The session cookie is already set; the page signs in as it leaves, so /register's
    // visitors-only guard does not move the member on before they read the message.
    const timer = setTimeout(() => {
      const user = signIn(registered);
      void navigate(user.access === 'granted' ? '/deals' : '/profile', { replace: true });
    }, REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, registered, navigate]);

  const set =
    (key: keyof RegistrationForm) =>
    (event: { target: { value: string } }): void =>
      setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = registrationProblem(form, verified);
    if (problem) {
      setResult({ tone: 'error', text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const res = await api<RegisterAnswer>('/api/auth/register', {
        body: {
          ...form,
          email: form.email.trim().toLowerCase(),
          referralCode: form.referralCode || null,
          lang: currentLang(),
        },
      });
      setRegistered(res);
      setResult({ tone: 'success', text: t(res.message) });
    } catch (error) {
      setResult({ tone: 'error', text: messageOr(error, MESSAGES.registrationServer, MESSAGES.registrationFailed) });
      setBusy(false);
    }
  };

  const done = result?.tone === 'success';
  const ready = canRegister(form.password, verified);

  return (
    <section className="auth-page auth-page--wide">
      <div className="auth-card auth-card--wide">
        <p className="eyebrow">{t('Join Vetri Deals')}</p>
        <h1>{t('Register')}</h1>
        <p className="muted">
          {tRich(
            'Verify your email, tell us who you are, and choose a strong password. Already a member? <login>Login</login>',
            { login: (w) => <Link to="/login">{w}</Link> },
          )}
        </p>

        {form.referralCode ? (
          <p className="form-alert form-alert--success" data-testid="referral-note">
            {tRich(
              lockedCode
                ? 'Referral code <code>{code}</code> applied: you get full access as soon as you register.'
                : 'Referral code <code>{code}</code>: you get full access as soon as you register.',
              { code: (w) => <strong>{w}</strong> },
              { code: form.referralCode },
            )}
          </p>
        ) : (
          <p className="form-alert form-alert--warn" role="note" data-testid="waitlist-warning">
            {t(
              '⚠️ No referral code: your account will be placed on the waitlist, and only an admin can grant you full access. Until then you can browse and shop, but not pre-book, bid or join a league team.',
            )}
          </p>
        )}

        <form className="auth-form register-grid" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field field--wide">
            <label htmlFor="register-name">{t('Name')}</label>
            <input id="register-name" name="name" autoComplete="name" value={form.name} onChange={set('name')} />
          </div>

          <EmailOtp
            email={form.email}
            onEmailChange={(email) => setForm((f) => ({ ...f, email }))}
            verified={verified}
            onVerified={() => setVerified(true)}
          />

          <div className="field">
            <label htmlFor="register-phone">{t('Phone')}</label>
            <input
              id="register-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('10-digit mobile number')}
              maxLength={16}
              value={form.phone}
              onChange={set('phone')}
            />
          </div>
          <div className="field">
            <label htmlFor="register-dob">{t('Date of birth')}</label>
            <input
              id="register-dob"
              name="dob"
              type="date"
              max={todayIso()}
              autoComplete="bday"
              value={form.dob}
              onChange={set('dob')}
            />
          </div>
          <div className="field field--wide">
            <label htmlFor="register-district">{t('District')}</label>
            <select id="register-district" name="district" value={form.district} onChange={set('district')}>
              <option value="">{t('Select your district')}</option>
              {TN_DISTRICTS.map((district) => (
                <option key={district} value={district}>
                  {t(district)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="register-password">{t('Password')}</label>
            <input
              id="register-password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
            />
            <PasswordStrength password={form.password} />
          </div>
          <div className="field">
            <label htmlFor="register-confirm">{t('Confirm Password')}</label>
            <input
              id="register-confirm"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </div>
          <div className="field field--wide">
            <label htmlFor="register-referral">{t('Referral code (optional)')}</label>
            <input
              id="register-referral"
              name="referralCode"
              maxLength={REFERRAL_CODE_LENGTH}
              autoCapitalize="characters"
              value={form.referralCode}
              readOnly={lockedCode !== ''}
              aria-readonly={lockedCode !== ''}
              onChange={(e) => setForm((f) => ({ ...f, referralCode: normalizeReferralInput(e.target.value) }))}
            />
          </div>

          <div className="field field--wide field-check">
            <input
              id="register-adult"
              name="adult"
              type="checkbox"
              checked={form.adult}
              onChange={(e) => setForm((f) => ({ ...f, adult: e.target.checked }))}
            />
            <label htmlFor="register-adult">{t('I am 18 or older, and I agree to the terms and conditions.')}</label>
          </div>

          <div className="field field--wide">
            {result && (
              <p
                className={`form-alert form-alert--${result.tone}`}
                role={result.tone === 'error' ? 'alert' : 'status'}
              >
                {result.text}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={!ready || busy || done}>
              {busy && !done ? t('Registering…') : t('Register')}
            </button>
            {!ready && !done && (
              <p className="field-note">
                {verified
                  ? t('Choose a password of at least medium strength to register.')
                  : t('Verify your email with the OTP to register.')}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
};
