import { useState, type FormEvent, type Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { MESSAGES, normalizeReferralInput, referralErrorMessage } from './authLogic.ts';

/** The landing's referral code box: checks the code, then opens /register with it filled and locked. */
export const ReferralEntry = ({ id, inputRef }: { id: string; inputRef?: Ref<HTMLInputElement> }) => {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t(MESSAGES.referralEmpty));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ status: string; referralCode?: string }>('/api/referrals/check', {
        body: { referralCode: code },
      });
      if (res.status !== 'success') throw new Error('unexpected answer');
      void navigate('/register', { state: { referralCode: res.referralCode ?? code } });
    } catch (cause) {
      setError(referralErrorMessage(cause));
      setBusy(false);
    }
  };

  return (
    <form className="referral-box" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="referral-label">
        {t('Have a referral code?')}
      </label>
      <div className="referral-row">
        <input
          ref={inputRef}
          id={id}
          name="referralCode"
          placeholder={t('e.g. VETRI1')}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={6}
          value={code}
          onChange={(e) => {
            setCode(normalizeReferralInput(e.target.value));
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={`${id}-error`}
        />
        <button type="submit" className="btn btn-accent" disabled={busy}>
          {busy ? t('Checking…') : t('Get Instant Access')}
        </button>
      </div>
      <p id={`${id}-error`} className="referral-error" role="alert">
        {error ?? ''}
      </p>
    </form>
  );
};
