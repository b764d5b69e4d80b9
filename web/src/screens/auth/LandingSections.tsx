import { useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { ShieldIcon, TagIcon } from '../../components/Icons.tsx';
import { StepsSection } from '../../components/StepsSection.tsx';
import { BENEFITS, FAQ, LANDING_FOOTER_LINKS, LANDING_STEPS } from './landingContent.ts';

const BenefitIcon = ({ kind }: { kind: (typeof BENEFITS)[number]['key'] }) => {
  if (kind === 'deals') return <TagIcon />;
  if (kind === 'fair') return <ShieldIcon />;
  const paths: Record<'win' | 'shop' | 'value', string> = {
    win: 'M7 4h10v4a5 5 0 0 1-10 0V4ZM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8',
    shop: 'M4 8h16l-1.5 12h-13L4 8ZM9 8V6a3 3 0 0 1 6 0v2',
    value: 'M12 21s-8-4.5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6.5-8 11-8 11Z',
  };
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden>
      <path d={paths[kind]} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
};

export const Benefits = () => (
  <section className="section" aria-labelledby="landing-benefits">
    <div className="container">
      <div className="section-head">
        <p className="eyebrow">{t('Why members love it')}</p>
        <h2 id="landing-benefits">{t('Shopping that pays you back')}</h2>
      </div>
      <ul className="benefit-grid">
        {BENEFITS.map((b) => (
          <li key={b.key} className="card benefit">
            <span className="feature-icon">
              <BenefitIcon kind={b.key} />
            </span>
            <h3>{t(b.title)}</h3>
            <p>{t(b.text)}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

export const LandingSteps = () => <StepsSection id="landing-how" eyebrow="Three steps" steps={LANDING_STEPS} />;

/** Seven questions; opening one closes the others. */
export const LandingFaq = () => {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section className="section" aria-labelledby="landing-faq">
      <div className="container faq-wrap">
        <div className="section-head">
          <p className="eyebrow">{t('Questions')}</p>
          <h2 id="landing-faq">{t('Frequently Asked Questions')}</h2>
        </div>
        <ul className="faq" data-testid="faq">
          {FAQ.map((item, i) => {
            const isOpen = open === i;
            return (
              <li key={item.q} className={isOpen ? 'faq-item is-open' : 'faq-item'}>
                <h3>
                  <button
                    type="button"
                    className="faq-question"
                    aria-expanded={isOpen}
                    aria-controls={`faq-answer-${i}`}
                    id={`faq-question-${i}`}
                    onClick={() => setOpen(isOpen ? null : i)}
                  >
                    <span>{t(item.q)}</span>
                    <span className="faq-sign" aria-hidden="true">
                      {isOpen ? '−' : '+'}
                    </span>
                  </button>
                </h3>
                <div
                  id={`faq-answer-${i}`}
                  role="region"
                  aria-labelledby={`faq-question-${i}`}
                  className="faq-answer"
                  hidden={!isOpen}
                >
                  <p>{t(item.a)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
};

export const LandingFooterStrip = () => (
  <section className="landing-strip" aria-label={t('Vetri Deals information')}>
    <div className="container landing-strip-inner">
      <nav aria-label={t('Landing links')}>
        <ul className="landing-links">
          {LANDING_FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="landing-compliance">
        {t(
          'Vetri Deals deal rooms are skill-based and open to invited members aged 18 and above in India. Reward Cash can be spent only in our shop; it cannot be withdrawn or used to enter deal rooms. Prices in Indian rupees (₹).',
        )}
      </p>
    </div>
  </section>
);
