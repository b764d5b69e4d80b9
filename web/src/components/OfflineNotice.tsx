import { t } from '../i18n/index.ts';
import { useSessionStore } from '../stores/session.ts';

/**
 * Under the header while the signed-in user shown is this phone's saved copy (the session check at
 * load could not reach the server): says so, and what waits for a connection. Gone at the server's
 * first answer.
 */
export const OfflineNotice = () => {
  const offline = useSessionStore((s) => s.offline && s.user !== null);
  if (!offline) return null;
  return (
    <p className="offline-notice" role="status" data-testid="offline-notice">
      <strong>{t('You are offline')}</strong> {t('Bidding, your wallet and payments come back when you are online.')}
    </p>
  );
};
