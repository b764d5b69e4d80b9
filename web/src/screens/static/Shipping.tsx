import { useEffect, useState } from 'react';
import type { CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { deliveryText, fetchCrackersSeason, shortDate } from '../shop/crackersSeason.ts';
import { Callout, StaticPage } from '../../components/StaticPage.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS, contactVars } from './parts.tsx';

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
  if (!view) return <p className="muted">{t('Loading the season’s dates…')}</p>;
  return (
    <ul data-testid="shipping-crackers">
      {view.season && (
        <li>
          {t('Orders are taken from {from} to {to}.', {
            from: shortDate(view.season.opens_on),
            to: shortDate(view.season.closes_on),
          })}
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
        <p>{t('Market-price products ship in 2 to 4 business days.')}</p>
      </Callout>
      <Callout title="Won deals">
        <p>{t('Delivery charge ₹0 on every product you win.')}</p>
      </Callout>
    </div>

    <h2>{t('Where we deliver')}</h2>
    <p>
      {t(
        'We deliver shop orders and won deals to addresses across India through trusted courier partners, with most orders going to homes across Tamil Nadu. Crackers are delivered only in Thanjavur and Thiruvarur districts.',
      )}
    </p>

    <h2>{t('Shop orders')}</h2>
    <ul>
      <li>{t('Market-price products ship in 2 to 4 business days from payment.')}</li>
      <li>{t('Any delivery charge is shown at checkout before you pay.')}</li>
      <li>
        {tRich(
          'You can follow the payment and shipment status of each order on your <orders>My Orders</orders> page.',
          PARTS,
        )}
      </li>
    </ul>

    <h2>{t('Won deals')}</h2>
    <ul>
      <li>
        {tRich(
          'After you win, complete the purchase from <mydeals>My Deals</mydeals> within one hour with your delivery address. The delivery charge is ₹0.',
          PARTS,
        )}
      </li>
      <li>{t('Won products are packed and handed to the courier within 2 to 4 business days of payment.')}</li>
    </ul>

    <h2>{t('Crackers season')}</h2>
    <CrackersSeasonPromise />

    <h2>{t('At delivery')}</h2>
    <p>
      {tRich(
        'Please check that the package is sealed before you accept it. If it is damaged, refuse it or note it with the courier and tell us within 48 hours — see <refund>Cancellation & Refund</refund>.',
        PARTS,
      )}
    </p>

    <h2>{t('Questions')}</h2>
    <p>{tRich('Email <mail>{email}</mail> or call <phone>{phone}</phone>, {hours}.', PARTS, contactVars())}</p>
  </StaticPage>
);
