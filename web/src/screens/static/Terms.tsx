import { StaticPage } from '../../components/StaticPage.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS, contactVars } from './parts.tsx';

export const Terms = () => (
  <StaticPage
    eyebrow="Legal"
    title="Terms & Conditions"
    lead="These terms govern your membership of Vetri Deals, the deal rooms, the wallet and the shop. Please read them before you pre-book a room or place an order."
    note="Last updated 1 November 2025"
  >
    <h2>{t('1. About these terms')}</h2>
    <p>
      {tRich(
        'Vetri Deals (<address>address</address>) operates this website and its deal rooms and shop. By registering or using the service you agree to these terms, to our <privacy>Privacy Policy</privacy>, and to the <rules>Deal Rules</rules>, which form part of these terms.',
        PARTS,
      )}
    </p>

    <h2>{t('2. Membership and eligibility')}</h2>
    <ul>
      <li>{t('You must be at least 18 years old and live in India to become a member.')}</li>
      <li>
        {t(
          'Membership is by invitation. With a valid referral code from an existing member you get full access at once; without one your account goes on a reviewed waitlist and only an admin can grant full access.',
        )}
      </li>
      <li>
        {t('One account per person. Your name, email, phone and district must be accurate and your email verified.')}
      </li>
      <li>{t('You are responsible for keeping your password secret and for everything done from your account.')}</li>
    </ul>

    <h2>{t('3. Wallet and Reward Cash')}</h2>
    <ul>
      <li>
        {t(
          'You add money to your cash wallet through our payment partner. The Wallet page offers ₹50, ₹100 and ₹200 top-ups; these terms give ₹100, ₹200 and ₹500 as example amounts.',
        )}
      </li>
      <li>{t('Cash in the wallet pays entry fees for deal rooms and the price of deals you win.')}</li>
      <li>
        {t(
          'Reward Cash is credited when you take part in a deal and don’t win. It can only be spent on shop products, cannot be withdrawn as cash, cannot be transferred and cannot be used to enter other deals.',
        )}
      </li>
      <li>{t('Balances never go below zero. We may correct a balance that was credited by mistake.')}</li>
    </ul>

    <h2>{t('4. Deal rooms')}</h2>
    <ul>
      <li>
        {t(
          'Pre-booking moves the entry fee from your cash wallet into the room’s escrow. A room starts at its scheduled time only if every seat is booked; otherwise it is cancelled and every fee is refunded to cash.',
        )}
      </li>
      <li>
        {t(
          'Each deal raises the price by the room’s fixed increment, set by the server. Each member has at most 5 attempts per room and may not place two deals in a row. Every valid deal resets the round timer, and the last valid deal when the timer ends wins.',
        )}
      </li>
      <li>
        {t(
          'The winner may buy the product at the final price within one hour of the deal ending, with ₹0 delivery. If the purchase is not completed in that hour, the right to buy lapses.',
        )}
      </li>
      <li>
        {t('The result recorded by our server is final, except where we find an error or a breach of these terms.')}
      </li>
    </ul>

    <h2>{t('5. Fair play')}</h2>
    <p>
      {t(
        'Deals are a contest of timing and judgement between members. You may not use more than one account, automated tools or scripts, or agree with other members to fix a result. We may void a result, suspend an account and return any affected fees if we find such conduct.',
      )}
    </p>

    <h2>{t('6. Shop orders')}</h2>
    <ul>
      <li>
        {t('Prices are in Indian rupees (₹) and include GST. Delivery charges, if any, are shown before you pay.')}
      </li>
      <li>
        {t('An order is confirmed when payment succeeds. If an item turns out to be unavailable we refund it in full.')}
      </li>
      <li>
        {t('Reward Cash can be applied item by item at checkout, up to each item’s reward points and your balance.')}
      </li>
    </ul>

    <h2>{t('7. Crackers')}</h2>
    <p>
      {t(
        'Seasonal crackers are reserved online and delivered only in Thanjavur and Thiruvarur districts, with a minimum order of ₹2000. Please store and use them safely and as local rules allow.',
      )}
    </p>

    <h2>{t('8. Cancellations, refunds and delivery')}</h2>
    <p>
      {tRich('See our <refund>Cancellation & Refund</refund> and <shipping>Shipping Policy</shipping> pages.', PARTS)}
    </p>

    <h2>{t('9. Liability')}</h2>
    <p>
      {t(
        'We take care to keep the service running and accurate, but we do not promise it will be uninterrupted. Our liability for any claim is limited to the amount you paid for the room or order concerned. Nothing here limits your rights under the Consumer Protection Act, 2019.',
      )}
    </p>

    <h2>{t('10. Changes and governing law')}</h2>
    <p>
      {t(
        'We may update these terms; changes apply from the date shown above and never to rooms already booked. These terms are governed by the laws of India, and the courts at Thanjavur, Tamil Nadu have jurisdiction.',
      )}
    </p>

    <h2>{t('11. Contact')}</h2>
    <p>
      {tRich(
        'Questions about these terms: <mail>{email}</mail> or <phone>{phone}</phone>, {hours}.',
        PARTS,
        contactVars(),
      )}
    </p>
  </StaticPage>
);
