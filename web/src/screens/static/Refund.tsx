import { Link } from 'react-router-dom';
import { Callout, StaticPage } from '../../components/StaticPage.tsx';
import { SITE } from '../../lib/site.ts';

export const Refund = () => (
  <StaticPage
    eyebrow="Policies"
    title="Cancellation & Refund"
    lead="When money goes back to your wallet or your bank, and how long it takes."
    note="Last updated 1 November 2025"
  >
    <Callout title="In short">
      <p>Refunds are processed within 7 working days.</p>
    </Callout>

    <h2>Deal rooms</h2>
    <ul>
      <li>
        <strong>Room not full at its start time:</strong> the room is cancelled for not enough participants and every
        entry fee is refunded to the members’ cash wallets automatically. You don’t need to ask.
      </li>
      <li>
        <strong>Room ends with no deals at all:</strong> every entry fee goes back to cash.
      </li>
      <li>
        <strong>You take part and don’t win:</strong> your entry fee comes back as Reward Cash, which can be spent only
        in the shop and cannot be withdrawn or used for other deals.
      </li>
      <li>
        <strong>After booking:</strong> a pre-booked seat cannot be cancelled by the member, because every seat counts
        towards filling the room.
      </li>
    </ul>

    <h2>Won deals</h2>
    <p>
      The winner has one hour from the end of the deal to complete the purchase. If the product cannot be delivered to
      the address you give, or arrives damaged, we refund the amount you paid for it in full to the original payment
      method.
    </p>

    <h2>Shop orders</h2>
    <ul>
      <li>You can cancel a shop order free of charge until it is shipped. Write to us with your order code.</li>
      <li>
        Once delivered, a sealed product can be returned within 7 days if it is damaged, defective or not what you
        ordered. Tell us within 48 hours of delivery, with photos of the package.
      </li>
      <li>
        Money paid online goes back to the original payment method. Reward Cash applied to the order goes back to your
        Reward Cash balance.
      </li>
    </ul>

    <h2>Crackers</h2>
    <p>
      Reserved crackers orders can be cancelled until they are dispatched. For safety reasons, crackers cannot be
      returned once delivered unless they arrive damaged.
    </p>

    <h2>How long refunds take</h2>
    <p>
      Refunds are processed within 7 working days. Wallet refunds usually show at once; refunds to a card or bank
      account may take a few more days to appear, depending on your bank.
    </p>

    <h2>Need help?</h2>
    <p>
      Email <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or call <a href={SITE.phoneHref}>{SITE.phone}</a>,{' '}
      {SITE.hours}. The full rules of play are on the <Link to="/about-deals">Deal Rules</Link> page.
    </p>
  </StaticPage>
);
