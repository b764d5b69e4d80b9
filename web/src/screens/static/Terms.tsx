import { Link } from 'react-router-dom';
import { StaticPage } from '../../components/StaticPage.tsx';
import { SITE } from '../../lib/site.ts';

export const Terms = () => (
  <StaticPage
    eyebrow="Legal"
    title="Terms & Conditions"
    lead="These terms govern your membership of Vetri Deals, the deal rooms, the wallet and the shop. Please read them before you pre-book a room or place an order."
    note="Last updated 1 November 2025"
  >
    <h2>1. About these terms</h2>
    <p>
      {SITE.name} ({SITE.address}) operates this website and its deal rooms and shop. By registering or using the
      service you agree to these terms, to our <Link to="/policy">Privacy Policy</Link>, and to the{' '}
      <Link to="/about-deals">Deal Rules</Link>, which form part of these terms.
    </p>

    <h2>2. Membership and eligibility</h2>
    <ul>
      <li>You must be at least 18 years old and live in India to become a member.</li>
      <li>
        Membership is by invitation. With a valid referral code from an existing member you get full access at once;
        without one your account goes on a reviewed waitlist and only an admin can grant full access.
      </li>
      <li>One account per person. Your name, email, phone and district must be accurate and your email verified.</li>
      <li>You are responsible for keeping your password secret and for everything done from your account.</li>
    </ul>

    <h2>3. Wallet and Reward Cash</h2>
    <ul>
      <li>
        You add money to your cash wallet through our payment partner. The Wallet page offers ₹50, ₹100 and ₹200
        top-ups; these terms give ₹100, ₹200 and ₹500 as example amounts.
      </li>
      <li>Cash in the wallet pays entry fees for deal rooms and the price of deals you win.</li>
      <li>
        Reward Cash is credited when you take part in a deal and don’t win. It can only be spent on shop products,
        cannot be withdrawn as cash, cannot be transferred and cannot be used to enter other deals.
      </li>
      <li>Balances never go below zero. We may correct a balance that was credited by mistake.</li>
    </ul>

    <h2>4. Deal rooms</h2>
    <ul>
      <li>
        Pre-booking moves the entry fee from your cash wallet into the room’s escrow. A room starts at its scheduled
        time only if every seat is booked; otherwise it is cancelled and every fee is refunded to cash.
      </li>
      <li>
        Each deal raises the price by the room’s fixed increment, set by the server. Each member has at most 5 attempts
        per room and may not place two deals in a row. Every valid deal resets the round timer, and the last valid deal
        when the timer ends wins.
      </li>
      <li>
        The winner may buy the product at the final price within one hour of the deal ending, with ₹0 delivery. If the
        purchase is not completed in that hour, the right to buy lapses.
      </li>
      <li>The result recorded by our server is final, except where we find an error or a breach of these terms.</li>
    </ul>

    <h2>5. Fair play</h2>
    <p>
      Deals are a contest of timing and judgement between members. You may not use more than one account, automated
      tools or scripts, or agree with other members to fix a result. We may void a result, suspend an account and return
      any affected fees if we find such conduct.
    </p>

    <h2>6. Shop orders</h2>
    <ul>
      <li>Prices are in Indian rupees (₹) and include GST. Delivery charges, if any, are shown before you pay.</li>
      <li>An order is confirmed when payment succeeds. If an item turns out to be unavailable we refund it in full.</li>
      <li>Reward Cash can be applied item by item at checkout, up to each item’s reward points and your balance.</li>
    </ul>

    <h2>7. Crackers</h2>
    <p>
      Seasonal crackers are reserved online and delivered only in Thanjavur and Thiruvarur districts, with a minimum
      order of ₹2000. Please store and use them safely and as local rules allow.
    </p>

    <h2>8. Cancellations, refunds and delivery</h2>
    <p>
      See our <Link to="/cancellation-and-refund">Cancellation &amp; Refund</Link> and{' '}
      <Link to="/shipping-policy">Shipping Policy</Link> pages.
    </p>

    <h2>9. Liability</h2>
    <p>
      We take care to keep the service running and accurate, but we do not promise it will be uninterrupted. Our
      liability for any claim is limited to the amount you paid for the room or order concerned. Nothing here limits
      your rights under the Consumer Protection Act, 2019.
    </p>

    <h2>10. Changes and governing law</h2>
    <p>
      We may update these terms; changes apply from the date shown above and never to rooms already booked. These terms
      are governed by the laws of India, and the courts at Thanjavur, Tamil Nadu have jurisdiction.
    </p>

    <h2>11. Contact</h2>
    <p>
      Questions about these terms: <a href={`mailto:${SITE.email}`}>{SITE.email}</a> or{' '}
      <a href={SITE.phoneHref}>{SITE.phone}</a>, {SITE.hours}.
    </p>
  </StaticPage>
);
