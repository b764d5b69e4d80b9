import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Referral } from '../../../../api/contract/admin.ts';
import { plural, t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { MESSAGES, normalizeReferralInput, REFERRAL_CODE_LENGTH } from '../auth/authLogic.ts';
import { serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

type Phase = { state: 'idle' } | { state: 'submitting' } | { state: 'result'; ok: boolean; message: string };

/** A failed add: the server's message (translated by its code), or "Something went wrong!" on network or parse failure. */
export const referralAddError = (error: unknown): string => messageOf(error, t(MESSAGES.referralAddFailed));

/** /add-referral (live auction spec §2): Name and Referral Code, "Saving..." while submitting, green or red result. */
export const AddReferral = () => {
  usePageTitle(t('Add Referral'));
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [referrals, setReferrals] = useState<Referral[] | null>(null);

  const loadList = useCallback(() => {
    api<{ referrals: Referral[] }>('/api/admin/referrals')
      .then((res) => setReferrals(res.referrals))
      .catch((error: unknown) => console.error('Failed to load referral codes', error));
  }, []);

  useEffect(loadList, [loadList]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || !code.trim()) {
      setPhase({ state: 'result', ok: false, message: t('Name and Referral Code are required.') });
      return;
    }
    setPhase({ state: 'submitting' });
    try {
      const res = await api<{ status: string; message: string }>('/api/admin/referrals', {
        body: { name: name.trim(), referralCode: code },
      });
      const ok = res.status === 'success';
      const added = { code: normalizeReferralInput(code), name: name.trim() };
      setPhase({
        state: 'result',
        ok,
        message: ok ? serverSaid(res.message, 'Referral code {code} added for {name}.', added) : t(res.message),
      });
      if (ok) {
        setName('');
        setCode('');
        loadList();
      }
    } catch (error) {
      setPhase({ state: 'result', ok: false, message: referralAddError(error) });
    }
  };

  const submitting = phase.state === 'submitting';

  return (
    <section className="container admin-page">
      <p className="eyebrow">{t('Admin')}</p>
      <h1>{t('Add Referral')}</h1>
      <AdminNav />
      <div className="admin-two-col">
        <form className="card admin-form" onSubmit={(event) => void submit(event)}>
          <div className="field">
            <label htmlFor="referral-name">{t('Name')}</label>
            <input
              id="referral-name"
              name="name"
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('Who gives out this code')}
            />
          </div>
          <div className="field">
            <label htmlFor="referral-code">{t('Referral Code')}</label>
            <input
              id="referral-code"
              name="referralCode"
              required
              maxLength={REFERRAL_CODE_LENGTH}
              autoCapitalize="characters"
              value={code}
              onChange={(e) => setCode(normalizeReferralInput(e.target.value))}
              placeholder={t('6 letters or digits, e.g. MDU001')}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? t('Saving...') : t('Add Referral')}
          </button>
          {phase.state === 'result' && (
            <p
              className={phase.ok ? 'result-message result-message--ok' : 'result-message result-message--fail'}
              role={phase.ok ? 'status' : 'alert'}
              data-testid="referral-result"
            >
              {phase.message}
            </p>
          )}
        </form>

        <div className="card admin-panel">
          <h2>{t('Referral codes')}</h2>
          {referrals === null && <p className="table-state">{t('Loading referral codes…')}</p>}
          {referrals?.length === 0 && <p className="table-state">{t('No referral codes yet.')}</p>}
          {referrals && referrals.length > 0 && (
            <ul className="referral-list">
              {referrals.map((r) => (
                <li key={r.code}>
                  <code>{r.code}</code>
                  <span className="referral-list-name" translate="no">
                    {r.name}
                  </span>
                  <span className="muted">
                    {plural(r.uses, '{n} member · since {date}', '{n} members · since {date}', {
                      date: formatDate(r.createdAt),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
};
