import { Link } from 'react-router-dom';
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
        <h2>Email support</h2>
        <p>
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
        </p>
        <p className="muted">We reply within one working day. Please include your room code or order code.</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <PhoneIcon size={24} />
        </span>
        <h2>Phone</h2>
        <p>
          <a href={SITE.phoneHref}>{SITE.phone}</a>
        </p>
        <p className="muted">English and Tamil. Calls are answered during support hours.</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <ClockIcon size={24} />
        </span>
        <h2>Support hours</h2>
        <p>{SITE.hours}</p>
        <p className="muted">Closed on Sundays and national holidays.</p>
      </section>
      <section className="card contact-card">
        <span className="feature-icon">
          <PinIcon size={24} />
        </span>
        <h2>Office</h2>
        <address>
          {SITE.addressLines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
        <p className="muted">Visits by appointment only.</p>
      </section>
    </div>

    <h2>Before you write</h2>
    <ul>
      <li>
        How pre-booking, rounds and winning work is explained on the <Link to="/about-deals">Deal Rules</Link> page.
      </li>
      <li>
        Refunds for cancelled rooms and shop orders are covered in{' '}
        <Link to="/cancellation-and-refund">Cancellation &amp; Refund</Link>.
      </li>
      <li>
        Delivery times are in our <Link to="/shipping-policy">Shipping Policy</Link>.
      </li>
    </ul>
  </StaticPage>
);
