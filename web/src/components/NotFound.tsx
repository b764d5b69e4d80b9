import { Link, useLocation } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { tRich } from '../i18n/Rich.tsx';
import { usePageTitle } from '../lib/hooks.ts';

/** Catch-all until the route guards arrive (they will redirect instead). */
export const NotFound = () => {
  usePageTitle(t('Page not found'));
  const { pathname } = useLocation();
  return (
    <section className="container placeholder-page" data-testid="not-found">
      <div className="placeholder-card">
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1>{t('Page not found')}</h1>
        <p className="lead">
          {tRich(
            'We couldn’t find <path>{pathname}</path>. It may have moved, or the link may be mistyped.',
            {
              path: (w) => <code translate="no">{w}</code>,
            },
            { pathname },
          )}
        </p>
        <div className="button-row">
          <Link to="/" className="btn btn-primary">
            {t('Go to home')}
          </Link>
          <Link to="/contact" className="btn btn-ghost">
            {t('Contact support')}
          </Link>
        </div>
      </div>
    </section>
  );
};
