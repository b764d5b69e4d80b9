import { t } from '../i18n/index.ts';
import { usePageTitle } from '../lib/hooks.ts';

/**
 * Shown in place of a screen whose code could not be downloaded: most often the phone is offline
 * and this screen was never opened here, so the service worker has no copy of it. (The browser's
 * online flag is only a hint: a phone on a dead network still says it is online.)
 */
export const ScreenUnavailable = () => {
  const title = navigator.onLine ? t('This screen could not be loaded') : t('You are offline');
  usePageTitle(title);
  return (
    <section className="container placeholder-page" data-testid="screen-unavailable">
      <div className="placeholder-card">
        <h1>{title}</h1>
        <p className="lead">
          {t(
            'Vetri Deals could not be reached, and this screen is not saved on this phone yet. Check your mobile data or Wi-Fi and try again.',
          )}
        </p>
        <p>
          {t(
            'Offline, the app still opens and pages you already viewed may show. Bidding, your wallet and payments need a connection: balances are never shown from a saved copy.',
          )}
        </p>
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('Try again')}
          </button>
        </div>
      </div>
    </section>
  );
};
