import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS } from './parts.tsx';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../components/Icons.tsx';
import { StaticPage } from '../../components/StaticPage.tsx';
import { SITE } from '../../lib/site.ts';

export const Contact = () => (
  <StaticPage
    eyebrow="We’re here to help"
    title="Contact Us"
    lead="Questions about a deal room, your wallet, an order or a delivery? Our team in Thanjavur is happy to help."
    wide
  >
    <div className="contact-grid">
      <section className="card contact-card">
        <span className="feature-icon">
          <MailIcon size={24} />
        </span>
        <h2>{t('Email support')}</h2>
        <p>
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
        </p>
        <p className="muted">{t('We reply within one working day. Please include your room code or order code.')}</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <PhoneIcon size={24} />
        </span>
        <h2>{t('Phone')}</h2>
        <p>
          <a href={SITE.phoneHref}>{SITE.phone}</a>
        </p>
        <p className="muted">{t('English and Tamil. Calls are answered during support hours.')}</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <ClockIcon size={24} />
        </span>
        <h2>{t('Support hours')}</h2>
        <p>{t(SITE.hours)}</p>
        <p className="muted">{t('Closed on Sundays and national holidays.')}</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <PinIcon size={24} />
        </span>
        <h2>{t('Office')}</h2>
        <address translate="no">
          {SITE.addressLines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
        <p className="muted">{t('Visits by appointment only.')}</p>
      </section>
    </div>

    <h2>{t('Before you write')}</h2>
    <ul>
      <li>
        {tRich('How pre-booking, rounds and winning work is explained on the <rules>Deal Rules</rules> page.', PARTS)}
      </li>
      <li>
        {tRich(
          'Refunds for cancelled rooms and shop orders are covered in <refund>Cancellation & Refund</refund>.',
          PARTS,
        )}
      </li>
      <li>{tRich('Delivery times are in our <shipping>Shipping Policy</shipping>.', PARTS)}</li>
    </ul>
  </StaticPage>
);
