import { Link } from 'react-router-dom';
import { Callout, StaticPage } from '../../components/StaticPage.tsx';

const STEPS = [
  {
    title: 'Booking',
    points: [
      'Choose an upcoming room on the Deals page and press Pre-Book. You need to be logged in and have enough cash in your wallet for the entry fee.',
      'The entry fee moves from your cash wallet into the room’s escrow, where it is held for that room only. You can book a seat in a room once.',
      'Each room has a fixed number of seats (2 to 10). When every seat is taken the room shows Room Full.',
    ],
  },
  {
    title: 'Deal begins',
    points: [
      'At the scheduled time the room starts only if every seat is booked. Booked members press Join to enter the live room.',
      'If the room is not full at its start time it is cancelled for not enough participants, and every entry fee is refunded to the members’ cash wallets automatically.',
      'The price starts at the room’s base price. Only booked members can place deals; everyone else can watch in View Only mode.',
    ],
  },
  {
    title: 'Deal ends',
    points: [
      'Each deal adds the room’s fixed increment to the current price. The server sets the new price — you never type an amount.',
      'You have at most 5 attempts per room, and you cannot place two deals in a row: someone else must deal before you can again.',
      'Every valid deal resets the round timer (60 seconds unless the room says otherwise). When the timer runs out, the last valid deal wins.',
      'A room also ends when the price reaches its maximum price or when nobody can place another deal. If nobody deals at all, every fee goes back to cash.',
    ],
  },
  {
    title: 'My Deals and winning',
    points: [
      'Your rooms appear in My Deals under prebooked, won, lost and cancelled, each with the room code, seats and status.',
      'If you win, press Purchase in My Deals within one hour of the deal ending, enter your delivery address and pay the final price. Delivery is ₹0. After the hour the purchase window expires.',
      'If you take part and don’t win, your entry fee comes back to you as Reward Cash, ready to spend in the shop.',
    ],
  },
] as const;

export const DealRules = () => (
  <StaticPage
    eyebrow="How deals work"
    title="Deal Rules"
    lead="Every room follows the same four steps. The server applies these rules the same way for every member — no exceptions and no hidden extras."
  >
    <ol className="rule-steps">
      {STEPS.map((step, i) => (
        <li key={step.title} className="card rule-step">
          <div className="rule-step-head">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h2>
              Step {i + 1}: {step.title}
            </h2>
          </div>
          <ul>
            {step.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>

    <Callout title="An example round">
      <p>
        A phone room has 5 seats, an entry fee of ₹50, a base price of ₹1,000, an increment of ₹10 and a maximum price
        of ₹3,000. All 5 seats are booked, so it starts at 7:00 pm at ₹1,000. Priya deals (₹1,010), then Arun (₹1,020),
        then Priya again (₹1,030). Nobody deals for the next 60 seconds, so Priya wins and can buy the phone for ₹1,030
        with free delivery. Arun and the other three members each get ₹50 back as Reward Cash.
      </p>
    </Callout>

    <h2 id="wallets">Wallets Explained</h2>
    <p>Your account has two balances. The header shows both, rounded to whole rupees.</p>
    <div className="wallet-grid">
      <section className="card wallet-card">
        <h3>Cash wallet</h3>
        <ul>
          <li>
            Top up from the <Link to="/wallet">Wallet</Link> page with the ₹50, ₹100 and ₹200 buttons. Our rules and
            terms text gives ₹100, ₹200 and ₹500 as example top-up amounts.
          </li>
          <li>Pays entry fees for deal rooms and the price of products you win.</li>
          <li>Refunds for rooms that are cancelled, or end with no deals at all, come back here.</li>
        </ul>
      </section>
      <section className="card wallet-card wallet-card--reward">
        <h3>Reward Cash</h3>
        <ul>
          <li>Credited when you take part in a deal and don’t win: your entry fee comes back as Reward Cash.</li>
          <li>Can only be spent on products in the shop, applied item by item at checkout.</li>
          <li>Cannot be withdrawn as cash and cannot be used to enter other deals.</li>
        </ul>
      </section>
    </div>

    <p>
      Questions about a room or your wallet? See <Link to="/cancellation-and-refund">Cancellation &amp; Refund</Link> or{' '}
      <Link to="/contact">contact support</Link>.
    </p>
  </StaticPage>
);
