import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api.ts';
import { currentLang } from '../../i18n/index.ts';
import { messageOr, MESSAGES, OTP_RESEND_SECONDS, otpErrorMessage, retryInSeconds } from './authLogic.ts';

type Note = { tone: 'success' | 'error'; text: string } | null;

/** Email field with "Send OTP", then the 6-digit code and "Verify"; a resend waits 60 s. */
export const EmailOtp = ({
  email,
  onEmailChange,
  verified,
  onVerified,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  verified: boolean;
  onVerified: () => void;
}) => {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const changeEmail = (value: string) => {
    onEmailChange(value);
    if (sentTo !== null && value.trim().toLowerCase() !== sentTo) {
      setSentTo(null);
      setOtp('');
      setNote(null);
    }
  };

  const send = async () => {
    const address = email.trim().toLowerCase();
    if (!address) {
      setNote({ tone: 'error', text: t(MESSAGES.emailFirst) });
      return;
    }
    setBusy('send');
    setNote(null);
    try {
      const res = await api<{ message?: string }>('/api/auth/otp', { body: { email: address, lang: currentLang() } });
      setSentTo(address);
      setOtp('');
      setWait(OTP_RESEND_SECONDS);
      setNote({ tone: 'success', text: t(res.message ?? 'OTP sent to your email.') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'OTP_RESEND_TOO_SOON') {
        setSentTo(address);
        setWait(retryInSeconds(error));
      }
      setNote({ tone: 'error', text: messageOr(error, MESSAGES.otpServer, MESSAGES.otpSendFailed) });
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (!otp.trim()) {
      setNote({ tone: 'error', text: t(MESSAGES.otpRequired) });
      return;
    }
    setBusy('verify');
    setNote(null);
    try {
      await api('/api/auth/otp/verify', { body: { email: email.trim().toLowerCase(), otp: otp.trim() } });
      setNote({ tone: 'success', text: t('Email verified.') });
      onVerified();
    } catch (error) {
      setNote({ tone: 'error', text: otpErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const sendLabel =
    busy === 'send'
      ? t('Sending…')
      : wait > 0
        ? t('Resend in {n}s', { n: wait })
        : sentTo
          ? t('Resend OTP')
          : t('Send OTP');

  return (
    <div className="field field--wide">
      <label htmlFor="register-email">{t('Email')}</label>
      <div className="input-row">
        <input
          id="register-email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => changeEmail(e.target.value)}
          readOnly={verified}
          aria-describedby="register-email-note"
          required
        />
        {verified ? (
          <span className="verified-badge" data-testid="email-verified">
            ✓ {t('Verified')}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void send()}
            disabled={busy !== null || wait > 0}
          >
            {sendLabel}
          </button>
        )}
      </div>
      {sentTo && !verified && (
        <div className="input-row otp-row">
          <label htmlFor="register-otp" className="visually-hidden">
            OTP
          </label>
          <input
            id="register-otp"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('6-digit OTP')}
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void verify();
              }
            }}
          />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void verify()}
            disabled={busy !== null}
          >
            {busy === 'verify' ? t('Verifying…') : t('Verify')}
          </button>
        </div>
      )}
      <p
        id="register-email-note"
        className={note ? `field-note field-note--${note.tone}` : 'field-note'}
        role={note?.tone === 'error' ? 'alert' : 'status'}
      >
        {note?.text ??
          (sentTo && !verified
            ? t('We sent a 6-digit code to {email}. It is valid for 10 minutes.', { email: sentTo })
            : '')}
      </p>
    </div>
  );
};
