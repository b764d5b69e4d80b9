import { Callout, StaticPage } from '../../components/StaticPage.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS, contactVars } from './parts.tsx';

export const Refund = () => (
  <StaticPage
    eyebrow="Policies"
    title="Cancellation & Refund"
    lead="When money goes back to your wallet or your bank, and how long it takes."
    note="Last updated 1 November 2025"
  >
    <Callout title="In short">
      <p>{t('Refunds are processed within 7 working days.')}</p>
    </Callout>

    <h2>{t('Deal rooms')}</h2>
    <ul>
      <li>
        {tRich(
          '<b>Room not full at its start time:</b> the room is cancelled for not enough participants and every entry fee is refunded to the members’ cash wallets automatically. You don’t need to ask.',
          PARTS,
        )}
      </li>
      <li>{tRich('<b>Room ends with no deals at all:</b> every entry fee goes back to cash.', PARTS)}</li>
      <li>
        {tRich(
          '<b>You take part and don’t win:</b> your entry fee comes back as Reward Cash, which can be spent only in the shop and cannot be withdrawn or used for other deals.',
          PARTS,
        )}
      </li>
      <li>
        {tRich(
          '<b>After booking:</b> a pre-booked seat cannot be cancelled by the member, because every seat counts towards filling the room.',
          PARTS,
        )}
      </li>
    </ul>

    <h2>{t('Won deals')}</h2>
    <p>
      {t(
        'The winner has one hour from the end of the deal to complete the purchase. If the product cannot be delivered to the address you give, or arrives damaged, we refund the amount you paid for it in full to the original payment method.',
      )}
    </p>

    <h2>{t('Shop orders')}</h2>
    <ul>
      <li>{t('You can cancel a shop order free of charge until it is shipped. Write to us with your order code.')}</li>
      <li>
        {t(
          'Once delivered, a sealed product can be returned within 7 days if it is damaged, defective or not what you ordered. Tell us within 48 hours of delivery, with photos of the package.',
        )}
      </li>
      <li>
        {t(
          'Money paid online goes back to the original payment method. Reward Cash applied to the order goes back to your Reward Cash balance.',
        )}
      </li>
    </ul>

    <h2>{t('Crackers')}</h2>
    <p>
      {t(
        'Reserved crackers orders can be cancelled until they are dispatched. For safety reasons, crackers cannot be returned once delivered unless they arrive damaged.',
      )}
    </p>

    <h2>{t('How long refunds take')}</h2>
    <p>
      {t(
        'Refunds are processed within 7 working days. Wallet refunds usually show at once; refunds to a card or bank account may take a few more days to appear, depending on your bank.',
      )}
    </p>

    <h2>{t('Need help?')}</h2>
    <p>
      {tRich(
        'Email <mail>{email}</mail> or call <phone>{phone}</phone>, {hours}. The full rules of play are on the <rules>Deal Rules</rules> page.',
        PARTS,
        contactVars(),
      )}
    </p>
  </StaticPage>
);
