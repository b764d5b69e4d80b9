import { matchPath, useLocation } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { routes } from '../routes.tsx';
import { acceptInstall, dismissInstall, shouldSuggestInstall, useInstallStore } from '../stores/install.ts';
import { useSessionStore } from '../stores/session.ts';
import './installPrompt.css';

/**
 * A small suggestion at the bottom of the screen to add Vetri Deals to the home screen, at the
 * moment `shouldSuggestInstall` picks; never over a live auction, where every tap counts.
 */
export const InstallPrompt = () => {
  const { pathname } = useLocation();
  const signedIn = useSessionStore((s) => s.user !== null);
  const show = useInstallStore((s) => shouldSuggestInstall(s, signedIn));
  const live = routes.some((route) => route.hideFooter && matchPath(route.path, pathname));
  if (!show || live) return null;
  return (
    <aside className="install-prompt" aria-labelledby="install-prompt-title" data-testid="install-prompt">
      <img src="/icons/icon-192.png" alt="" width={40} height={40} />
      <div className="install-prompt-text">
        <p id="install-prompt-title">{t('Vetri Deals on your home screen')}</p>
        <p className="install-prompt-note">{t('Opens like an app, even offline.')}</p>
      </div>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void acceptInstall()}>
        {t('Install Vetri Deals')}
      </button>
      <button
        type="button"
        className="install-prompt-close"
        aria-label={t('Dismiss: do not suggest installing again')}
        onClick={() => dismissInstall()}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
};
