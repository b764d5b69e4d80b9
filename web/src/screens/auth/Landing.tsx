import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Benefits, LandingFaq, LandingFooterStrip, LandingSteps } from './LandingSections.tsx';
import { LoginModal } from './LoginModal.tsx';
import { ReferralEntry } from './ReferralEntry.tsx';
import './auth.css';

const MemberActions = ({ name }: { name: string }) => (
  <div className="landing-member">
    <p className="landing-member-hello">
      {tRich(
        'Welcome back, <who>{name}</who>.',
        { who: (w) => <span translate="no">{w}</span> },
        { name: name.split(' ')[0]! },
      )}
    </p>
    <div className="button-row">
      <Link to="/deals" className="btn btn-accent">
        {t('Browse Deals')}
      </Link>
      <Link to="/shop" className="btn btn-outline-light">
        {t('Visit the Shop')}
      </Link>
    </div>
  </div>
);

/** The public landing (visitors at /, everyone logged in at /main): live auction spec §2 "Landing page". */
export const Landing = () => {
  usePageTitle(null);
  const user = useSessionStore((s) => s.user);
  const [loginOpen, setLoginOpen] = useState(false);
  const referralRef = useRef<HTMLInputElement>(null);
  const closeLogin = useCallback(() => setLoginOpen(false), []);

  const focusReferral = () => {
    referralRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    referralRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <section className="hero landing-hero" data-testid="hero">
        <div className="container landing-hero-inner">
          <div>
            <p className="eyebrow eyebrow--light">{t('Invite-only · Tamil Nadu')}</p>
            <h1 className="hero-title">{t('The Future of Shopping Is Here — Built for You')}</h1>
            <p className="hero-text">
              {t(
                'Live deal rooms with products at up to 60% off retail, and a members’ shop where even a deal you don’t win comes back to you as Reward Cash.',
              )}
            </p>
            {user ? (
              <MemberActions name={user.name} />
            ) : (
              <div className="button-row">
                <button type="button" className="btn btn-accent" onClick={() => setLoginOpen(true)}>
                  {t('Login')}
                </button>
                <Link to="/register" className="btn btn-outline-light">
                  {t('Join Waitlist')}
                </Link>
              </div>
            )}
          </div>
          {user ? (
            <img src="/hero-deals.svg" alt="" className="hero-art" width={440} height={360} />
          ) : (
            <div className="landing-access card">
              <h2>{t('Get instant access')}</h2>
              <p className="muted">
                {t('Members invite members. Enter your referral code to register with full access.')}
              </p>
              <ReferralEntry id="landing-referral" inputRef={referralRef} />
              <p className="landing-access-alt">
                {tRich('No code? <join>Join Waitlist</join> — you can shop while an admin reviews your account.', {
                  join: (w) => <Link to="/register">{w}</Link>,
                })}
              </p>
            </div>
          )}
        </div>
      </section>

      <Benefits />
      <LandingSteps />
      <LandingFaq />

      {!user && (
        <section className="section" aria-labelledby="landing-closing">
          <div className="container">
            <div className="banner landing-closing">
              <div>
                <p className="eyebrow eyebrow--accent">{t('Ready when you are')}</p>
                <h2 id="landing-closing">{t('Your seat in the next deal room is waiting')}</h2>
                <p>{t('Start with a referral code for instant access, or apply through the reviewed waitlist.')}</p>
              </div>
              <div className="banner-actions">
                <button type="button" className="btn btn-accent" onClick={focusReferral}>
                  {t('Enter Referral Code – Instant Access')}
                </button>
                <Link to="/register" className="btn btn-outline-light">
                  {t('Join Reviewed Waitlist')}
                </Link>
              </div>
            </div>
          </div>
        </section>
      )}

      <LandingFooterStrip />
      {loginOpen && !user && <LoginModal onClose={closeLogin} />}
    </>
  );
};
