import { Link, useParams } from 'react-router-dom';
import { t } from '../i18n/index.ts';
import { usePageTitle } from '../lib/hooks.ts';

const PARAM_LABELS: Record<string, string> = { roomCode: 'Room', code: 'Code' };

/** Placeholder for a screen that a later piece of work will build. */
export const ComingSoon = ({ title, note }: { title: string; note: string }) => {
  usePageTitle(t(title));
  const params = useParams();
  const chips = Object.entries(params).filter(([key, value]) => key !== '*' && value);

  return (
    <section className="container placeholder-page" data-testid="coming-soon">
      <div className="placeholder-card">
        <img src="/coming-soon.svg" alt="" width={120} height={120} className="placeholder-art" />
        <p className="eyebrow">{t('Coming soon')}</p>
        <h1>{t(title)}</h1>
        {chips.length > 0 && (
          <p className="chip-row">
            {chips.map(([key, value]) => (
              <span key={key} className="chip">
                {t(PARAM_LABELS[key] ?? key)} <span translate="no">{value}</span>
              </span>
            ))}
          </p>
        )}
        <p className="lead">{t(note)}</p>
        <div className="button-row">
          <Link to="/" className="btn btn-primary">
            {t('Back to home')}
          </Link>
          <Link to="/about-deals" className="btn btn-ghost">
            {t('Read the Deal Rules')}
          </Link>
        </div>
      </div>
    </section>
  );
};
