import { NotificationSettings } from './NotificationSettings.tsx';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { WaitlistNotice } from '../../components/WaitlistNotice.tsx';
import { t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { refreshSession, useSessionStore } from '../../stores/session.ts';
import { MESSAGES } from './authLogic.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { ChangePassword } from './PasswordScreens.tsx';
import { ProfileFields } from './ProfileFields.tsx';
import { profileBody, profileComplete, profileFormFrom, type ProfileAnswer, type ProfileForm } from './profileForm.ts';
import './auth.css';

type Alert = { tone: 'success' | 'error'; text: string } | null;

const SIDE_LINKS = [
  { href: '#personal-info', label: 'Personal Info' },
  { href: '#address', label: 'Address' },
  { to: '/orders', label: 'Orders' },
  { to: '/wallet', label: 'Wallet' },
  { href: '#notifications', label: 'Notifications' },
] as const;

/** /profile and /account: storefront §2 "Profile" and §5 profile rules. */
export const Profile = () => {
  usePageTitle(t('My Profile'));
  const user = useSessionStore((s) => s.user);
  const [answer, setAnswer] = useState<ProfileAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<Alert>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const res = await api<ProfileAnswer>('/api/me/profile');
      setAnswer(res);
      setForm(profileFormFrom(res));
      setEditing(!res.exists);
    } catch {
      setLoadError(t('We could not load your profile. Please try again.'));
    }
  }, []);

  useEffect(() => {
    void load();
    // Access may have been granted since the page loaded.
    void refreshSession();
  }, [load]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form) return;
    if (!profileComplete(form)) {
      setAlert({ tone: 'error', text: t(MESSAGES.profileFailed) });
      return;
    }
    setSaving(true);
    setAlert(null);
    try {
      const profile = profileBody(form);
      const res = await api<{ message?: string }>('/api/me/profile', { method: 'PUT', body: profile });
      setAlert({ tone: 'success', text: t(res.message ?? MESSAGES.profileSaved) });
      setAnswer((a) => a && { ...a, exists: true, profile });
      setEditing(false);
    } catch {
      setAlert({ tone: 'error', text: t(MESSAGES.profileFailed) });
    } finally {
      setSaving(false);
    }
  };

  if (loadError) {
    return (
      <section className="container profile-page">
        <p className="form-alert form-alert--error" role="alert">
          {loadError}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void load()}>
          {t('Try again')}
        </button>
      </section>
    );
  }
  if (!answer || !form || !user) return <PageLoading label={t('Loading your profile…')} />;

  const readOnly = answer.exists && !editing;

  return (
    <section className="container profile-page">
      <header className="card profile-head">
        <AvatarUpload name={answer.user.name} avatar={answer.user.avatar ?? null} />
        <div className="profile-id">
          <h1 translate="no">{answer.user.name}</h1>
          <p className="profile-email" translate="no">
            {answer.user.email}
          </p>
          <p className="muted">
            {t('Member since {date}', { date: formatDate(answer.user.created_at) })} ·{' '}
            <span className={`access-badge access-badge--${user.access}`} data-testid="profile-access">
              {user.access === 'granted' ? t('Full access') : t('Waitlisted')}
            </span>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary profile-edit"
          onClick={() => {
            setEditing(true);
            setAlert(null);
            document.getElementById('profile-first_name')?.focus();
          }}
        >
          {t('Edit Profile')}
        </button>
      </header>

      <WaitlistNotice />

      <div className="profile-layout">
        <nav className="card profile-side" aria-label={t('Account sections')}>
          <ul>
            {SIDE_LINKS.map((link) => (
              <li key={link.label}>
                {'to' in link ? <Link to={link.to}>{t(link.label)}</Link> : <a href={link.href}>{t(link.label)}</a>}
              </li>
            ))}
          </ul>
        </nav>

        <form className="card profile-form" onSubmit={(event) => void save(event)} noValidate>
          {alert && (
            <p className={`form-alert form-alert--${alert.tone}`} role={alert.tone === 'error' ? 'alert' : 'status'}>
              {alert.text}
            </p>
          )}
          {!answer.exists && (
            <p className="field-note">
              {t('Complete your profile: first name, last name, email and mobile are required.')}
            </p>
          )}
          <ProfileFields
            form={form}
            readOnly={readOnly}
            onChange={(key, value) => setForm({ ...form, [key]: value })}
          />
          {!readOnly && (
            <div className="button-row">
              <button type="submit" className="btn btn-primary" disabled={saving}>
                {saving ? t('Saving…') : t('Save Profile')}
              </button>
              {answer.exists && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    setForm(profileFormFrom(answer));
                    setEditing(false);
                  }}
                >
                  {t('Cancel')}
                </button>
              )}
            </div>
          )}
        </form>
        <ChangePassword />
      </div>
      <NotificationSettings />
    </section>
  );
};
