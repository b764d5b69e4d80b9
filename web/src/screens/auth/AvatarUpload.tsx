import { useState, type ChangeEvent } from 'react';
import type { AvatarAnswer } from '../../../../api/contract/account.ts';
import { errorText, t } from '../../i18n/index.ts';
import { api, ApiError } from '../../lib/api.ts';
import { refreshSession } from '../../stores/session.ts';
import { initialsOf } from './authLogic.ts';
import { AVATAR_MESSAGES, resizeAvatar } from './avatarImage.ts';

const KNOWN = new Set<string>(Object.values(AVATAR_MESSAGES));

/** The profile's avatar with Change photo: resized to 256×256 here, checked again and stored by the server. */
export const AvatarUpload = ({ name, avatar }: { name: string; avatar: string | null }) => {
  const [current, setCurrent] = useState(avatar);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setAlert(null);
    try {
      const form = new FormData();
      form.append('avatar', await resizeAvatar(file), 'avatar');
      const res = await api<AvatarAnswer>('/api/me/profile/avatar', { method: 'POST', body: form });
      setCurrent(res.avatar);
      setAlert({ tone: 'success', text: t(res.message || AVATAR_MESSAGES.done) });
      // The header's avatar button follows the session.
      void refreshSession();
    } catch (error) {
      setAlert({
        tone: 'error',
        text:
          error instanceof ApiError
            ? errorText(error.code, error.message, error.details)
            : error instanceof Error && KNOWN.has(error.message)
              ? t(error.message)
              : t(AVATAR_MESSAGES.failed),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="avatar-upload">
      <span className="avatar avatar--lg" data-testid="profile-avatar">
        {current ? (
          <img src={current} alt={t("{name}'s avatar", { name })} translate="no" width={84} height={84} />
        ) : (
          <span aria-hidden="true">{initialsOf(name)}</span>
        )}
      </span>
      <label className="btn btn-ghost btn-sm avatar-change" aria-busy={busy}>
        {busy ? t('Uploading…') : current ? t('Change photo') : t('Add photo')}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          disabled={busy}
          data-testid="avatar-input"
          onChange={(event) => void pick(event)}
        />
      </label>
      {alert && (
        <p
          className={`form-alert form-alert--${alert.tone} avatar-alert`}
          role={alert.tone === 'error' ? 'alert' : 'status'}
          data-testid="avatar-alert"
        >
          {alert.text}
        </p>
      )}
    </div>
  );
};
