import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Features } from './Features.tsx';
import { HeroSlider } from './HeroSlider.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { TopProducts } from './TopProducts.tsx';

const Banner = () => (
  <section className="section section--tight" aria-labelledby="home-banner">
    <div className="container">
      <div className="banner">
        <div>
          <p className="eyebrow eyebrow--accent">{t('Invite-only')}</p>
          <h2 id="home-banner">{t('Got a referral code? You’re in.')}</h2>
          <p>
            {t(
              'Vetri Deals is open to invited members. Register with a member’s referral code for instant access to deal rooms and the shop — or join the reviewed waitlist and we’ll let you in.',
            )}
          </p>
        </div>
        <div className="banner-actions">
          <Link to="/register" className="btn btn-accent">
            {t('Register now')}
          </Link>
          <Link to="/about" className="btn btn-outline-light">
            {t('About Vetri Deals')}
          </Link>
        </div>
      </div>
    </div>
  </section>
);

export const Home = () => {
  usePageTitle(null);
  return (
    <>
      <h1 className="visually-hidden">{t('Vetri Deals — pay-to-bid deals and a members’ shop')}</h1>
      <HeroSlider />
      <Banner />
      <HowItWorks />
      <TopProducts />
      <Features />
    </>
  );
};
