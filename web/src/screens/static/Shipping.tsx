import { useEffect, useState } from 'react';
import type { CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { deliveryText, fetchCrackersSeason, shortDate } from '../shop/crackersSeason.ts';
import { Link } from 'react-router-dom';
import { Callout, StaticPage } from '../../components/StaticPage.tsx';
import { SITE } from '../../lib/site.ts';

/** The season's dates as the admins set them (the same words as the crackers page). */
const CrackersSeasonPromise = () => {
  const [view, setView] = useState<CrackersSeasonView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCrackersSeason(controller.signal)
      .then(setView)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!view) return <p className="muted">Loading the season’s dates…</p>;
  return (
    <ul data-testid="shipping-crackers">
      {view.season && (
        <li>
          Orders are taken from {shortDate(view.season.opens_on)} to {shortDate(view.season.closes_on)}.
        </li>
      )}
      {view.season && <li>{deliveryText(view.season)}</li>}
      {!view.open && view.message && <li>{view.message}</li>}
    </ul>
  );
};

export const Shipping = () => (
  <StaticPage
    eyebrow="Policies"
    title="Shipping Policy"
    lead="How and when your shop orders, won deals and crackers reach you."
    note="Last updated 1 November 2025"
  >
    <div className="fact-grid">
      <Callout title="Shop orders">
        <p>Market-price products ship in 2 to 4 business days.</p>
      </Callout>
      <Callout title="Won deals">
        <p>Delivery charge ₹0 on every product you win.</p>
      </Callout>
    </div>

    <h2>Where we deliver</h2>
    <p>
      We deliver shop orders and won deals to addresses across India through trusted courier partners, with most orders
      going to homes across Tamil Nadu. Crackers are delivered only in Thanjavur and Thiruvarur districts.
    </p>

    <h2>Shop orders</h2>
    <ul>
      <li>Market-price products ship in 2 to 4 business days from payment.</li>
      <li>Any delivery charge is shown at checkout before you pay.</li>
      <li>
        You can follow the payment and shipment status of each order on your <Link to="/orders">My Orders</Link> page.
      </li>
    </ul>

    <h2>Won deals</h2>
    <ul>
      <li>
        After you win, complete the purchase from <Link to="/my-deals">My Deals</Link> within one hour with your
        delivery address. The delivery charge is ₹0.
      </li>
      <li>Won products are packed and handed to the courier within 2 to 4 business days of payment.</li>
    </ul>

    <h2>Crackers season</h2>
    <CrackersSeasonPromise />

    <h2>At delivery</h2>
    <p>
      Please check that the package is sealed before you accept it. If it is damaged, refuse it or note it with the
      courier and tell us within 48 hours — see <Link to="/cancellation-and-refund">Cancellation &amp; Refund</Link>.
    </p>

    <h2>Questions</h2>
    <p>
      Email <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or call <a href={SITE.phoneHref}>{SITE.phone}</a>,{' '}
      {SITE.hours}.
    </p>
  </StaticPage>
);
