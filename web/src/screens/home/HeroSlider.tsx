import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { useInterval } from '../../lib/hooks.ts';

/** Storefront §9: hero autoplay 3000 ms. */
export const HERO_AUTOPLAY_MS = 3000;

type Slide = {
  eyebrow: string;
  title: string;
  text: string;
  art: string;
  primary: { to: string; label: string };
  secondary: { to: string; label: string };
};

const SLIDES: Slide[] = [
  {
    eyebrow: 'Pay-to-bid deal rooms',
    title: 'Win products at up to 60% off retail',
    text: 'Book a seat in a deal room, place your deals when it goes live, and the last valid deal before the timer runs out takes the product home.',
    art: '/hero-deals.svg',
    primary: { to: '/deals', label: 'See upcoming deals' },
    secondary: { to: '/about-deals', label: 'How deals work' },
  },
  {
    eyebrow: 'Nobody leaves empty-handed',
    title: 'Didn’t win? Your fee becomes Reward Cash',
    text: 'Every member who doesn’t win a deal gets the entry fee back as Reward Cash, ready to spend on anything in the Vetri Deals shop.',
    art: '/hero-rewards.svg',
    primary: { to: '/shop', label: 'Visit the shop' },
    secondary: { to: '/about-deals', label: 'Wallets explained' },
  },
  {
    eyebrow: 'Festival season',
    title: 'Reserve this season’s crackers early',
    text: 'Sparklers, flower pots and family boxes for Thanjavur and Thiruvarur — reserve online, check your order with your referral code.',
    art: '/hero-crackers.svg',
    primary: { to: '/crackers', label: 'Browse crackers' },
    secondary: { to: '/shipping-policy', label: 'Delivery dates' },
  },
];

export const HeroSlider = () => {
  const [index, setIndex] = useState(0);
  const next = useCallback(() => setIndex((current) => (current + 1) % SLIDES.length), []);
  useInterval(next, HERO_AUTOPLAY_MS, true, index);

  return (
    <section className="hero" data-testid="hero" aria-roledescription="carousel" aria-label={t('Highlights')}>
      <div className="hero-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {SLIDES.map((slide, i) => (
          <article
            key={slide.title}
            className="hero-slide"
            aria-roledescription="slide"
            aria-label={t('{n} of {total}', { n: i + 1, total: SLIDES.length })}
            aria-hidden={i !== index}
            inert={i !== index}
          >
            <div className="container hero-inner">
              <div className="hero-copy">
                <p className="eyebrow eyebrow--light">{t(slide.eyebrow)}</p>
                <h2 className="hero-title">{t(slide.title)}</h2>
                <p className="hero-text">{t(slide.text)}</p>
                <div className="button-row">
                  <Link to={slide.primary.to} className="btn btn-accent">
                    {t(slide.primary.label)}
                  </Link>
                  <Link to={slide.secondary.to} className="btn btn-outline-light">
                    {t(slide.secondary.label)}
                  </Link>
                </div>
              </div>
              <img className="hero-art" src={slide.art} alt="" width={440} height={340} />
            </div>
          </article>
        ))}
      </div>
      <div className="hero-dots" role="group" aria-label={t('Choose slide')}>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            className={i === index ? 'hero-dot is-active' : 'hero-dot'}
            aria-label={t('Show slide {n}: {title}', { n: i + 1, title: t(slide.title) })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
};
