import { LIMITS, NOT_ENOUGH_PARTICIPANTS, ROOM_MESSAGES } from '../../../../engine/roomRules.ts';
import { Callout, StaticPage } from '../../components/StaticPage.tsx';
import { t, type Vars } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS } from './parts.tsx';

const WINDOW_MINUTES = LIMITS.purchaseWindowMs / 60_000;

/**
 * The rules exactly as the room and wallet engines enforce them (engine/room.ts, engine/wallet.ts).
 * English, with `{name}` for the engine's numbers and words (filled by `ruleVars` when shown).
 */
const STEPS = [
  {
    title: 'Booking',
    points: [
      'Choose an upcoming room on the Deals page and press Pre-Book. You need to be logged in with full access: members still on the waitlist can browse but cannot pre-book or place deals.',
      'The entry fee is taken from your cash wallet — never from Reward Cash — and held in the room’s escrow for that room only. If your cash is less than the fee, the pre-book is refused and nothing is taken.',
      'Each room has a fixed number of seats, from {min} to {max}. You can hold one seat per room. When every seat is taken the room shows Room Full.',
      'Pre-booking closes at the scheduled start time. Every rule of a room (prices, increment, timer, fee, seats, attempts, winner’s bonus) is fixed when the room is created and never changes afterwards. An admin may move the start of a room nobody has booked yet, or cancel an upcoming room with a reason, and then every entry fee is refunded.',
    ],
  },
  {
    title: 'Deal begins',
    points: [
      'At the scheduled time the server opens the room only if every seat is booked. Booked members press Join to enter the live room; everyone else can watch in view-only mode.',
      'If the room is not full at its start time it is cancelled for “{reason}” and every entry fee goes back to the members’ cash wallets automatically, once. You do not need to ask for it.',
      'The price starts at the room’s base price and the first round timer starts at once.',
    ],
  },
  {
    title: 'Deal ends',
    points: [
      'You never type an amount: each deal adds the room’s fixed increment (a whole number of rupees) to the current price, and the server sets the new price.',
      'Each member has a limited number of deals per room — {attempts} unless the room says otherwise. After your last one the button reads “No more deals”: “{limit}”',
      'You cannot place two deals in a row: while you hold the highest deal, someone else must deal before you can again. No deal may take the price above the room’s maximum price.',
      'Every accepted deal restarts the round timer (60 seconds unless the room sets another length), counted from the moment the server accepts it. The server’s clock decides: a deal that arrives after the round has closed is refused, and you are told how late it was.',
      'The room ends when the round timer runs out — the last valid deal wins at the current price — or at once when the price can no longer go up by another increment (maximum price reached), or when nobody but the leader has deals left.',
      'If the timer runs out before anyone deals, there is no winner and every entry fee goes back to cash.',
    ],
  },
  {
    title: 'My Deals and winning',
    points: [
      'My Deals lists every room you booked under prebooked, won, lost and cancelled (a room that ended with no deals is listed under cancelled too: your fee came back to cash).',
      'If you win, the winner’s entry fee is kept as your entry, and you get the room’s winner bonus in Reward Cash when it has one. Press Purchase within {minutes} minutes of the end, enter your delivery address and pay the final price. Delivery is ₹0. A payment you start inside the hour is honoured even if it completes just after, as long as the item has not been offered to the next member; after that the purchase window expires and the button shows Expired.',
      'If the winner does not buy in time, a room may offer the item to the runner-up — the member with the next-highest last deal — at that member’s last deal, with a new {minutes}-minute window, and so on down as many places as the room allows. You are told in the app and by mail. Entry fees are not moved again: the winner’s fee stays kept and the bonus stays theirs, and a runner-up’s fee stays as the Reward Cash it became when the room ended.',
      'If you take part and don’t win, your entry fee comes back to you as Reward Cash at once, ready to spend in the shop.',
    ],
  },
] as const;

/** The engine's numbers and words the rules name, in the language shown. */
const ruleVars = (): Vars => ({
  min: LIMITS.minParticipants,
  max: LIMITS.maxParticipants,
  attempts: LIMITS.defaultMaxAttempts,
  minutes: WINDOW_MINUTES,
  reason: t(NOT_ENOUGH_PARTICIPANTS),
  limit: t(ROOM_MESSAGES.BID_LIMIT),
});

export const DealRules = () => (
  <StaticPage
    eyebrow="How deals work"
    title="Deal Rules"
    lead="Every room follows the same four steps. The server applies these rules the same way for every member — no exceptions and no hidden extras — and every step is recorded so any room can be checked afterwards."
  >
    <ol className="rule-steps">
      {STEPS.map((step, i) => (
        <li key={step.title} className="card rule-step">
          <div className="rule-step-head">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h2>{t('Step {n}: {title}', { n: i + 1, title: t(step.title) })}</h2>
          </div>
          <ul>
            {step.points.map((point) => (
              <li key={point}>{t(point, ruleVars())}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>

    <Callout title="An example round">
      <p>
        {t(
          'A phone room has 5 seats, an entry fee of ₹50, a base price of ₹1,000, an increment of ₹10, a maximum price of ₹3,000 and a 60-second timer. All 5 seats are booked, so it starts at 7:00 pm at ₹1,000. Priya deals (₹1,010), then Arun (₹1,020), then Priya again (₹1,030). Nobody deals in the next 60 seconds, so Priya wins and can buy the phone for ₹1,030 with free delivery within the hour; her ₹50 was her entry. Arun and the other three members each get ₹50 back as Reward Cash.',
        )}
      </p>
    </Callout>

    <h2 id="wallets">{t('Wallets Explained')}</h2>
    <p>
      {t(
        'Your account has two balances. The header shows both, rounded to whole rupees. Neither can ever go below ₹0.',
      )}
    </p>
    <div className="wallet-grid">
      <section className="card wallet-card">
        <h3>{t('Cash wallet')}</h3>
        <ul>
          <li>
            {tRich(
              'Top up from the <wallet>Wallet</wallet> page with the ₹50, ₹100 and ₹200 buttons. Our rules and terms text gives ₹100, ₹200 and ₹500 as top-up amounts, and the Wallet page offers ₹500 too. You pay on a secure checkout page; each payment is credited once.',
              PARTS,
            )}
          </li>
          <li>
            {t(
              'Pays entry fees for deal rooms. Fees held for rooms that have not finished are shown on the Wallet page.',
            )}
          </li>
          <li>{t('Refunds for rooms that are cancelled, or that end with no deals at all, come back here.')}</li>
        </ul>
      </section>
      <section className="card wallet-card wallet-card--reward">
        <h3>{t('Reward Cash')}</h3>
        <ul>
          <li>
            {t(
              'Credited when you take part in a deal and don’t win (your entry fee comes back as Reward Cash), and as the winner’s bonus in rooms that offer one.',
            )}
          </li>
          <li>{t('Can only be spent on products in the shop, applied item by item at checkout.')}</li>
          <li>{t('Cannot be withdrawn as cash and cannot be used to enter other deals.')}</li>
        </ul>
      </section>
    </div>

    <p>
      {tRich(
        'Questions about a room or your wallet? See <refund>Cancellation & Refund</refund> or <contact>contact support</contact>.',
        PARTS,
      )}
    </p>
  </StaticPage>
);
