import { Link } from 'react-router-dom';
import { StaticPage } from '../../components/StaticPage.tsx';
import { SITE } from '../../lib/site.ts';

export const Privacy = () => (
  <StaticPage
    eyebrow="Legal"
    title="Privacy Policy"
    lead="What we collect, why we collect it and how we keep it safe. We only ask for what we need to run your membership, deals and orders."
    note="Last updated 1 November 2025"
  >
    <h2>What we collect</h2>
    <ul>
      <li>
        <strong>Account details:</strong> name, email, phone number, date of birth, district and the referral code you
        joined with.
      </li>
      <li>
        <strong>Profile and delivery details:</strong> addresses, pincode and landmark you give us for orders and won
        deals.
      </li>
      <li>
        <strong>Activity:</strong> the rooms you book, the deals you place, wallet transactions, Reward Cash, cart and
        orders — with the time each happened.
      </li>
      <li>
        <strong>Payments:</strong> the payment reference and status from our payment partner. Card numbers, UPI PINs and
        bank passwords are entered on the partner’s page; we never see or store them.
      </li>
    </ul>

    <h2>How we use it</h2>
    <ul>
      <li>To run your account, your wallet and the deal rooms, and to deliver what you buy or win.</li>
      <li>To keep deals fair: to detect multiple accounts, automated play and collusion.</li>
      <li>To send one-time passwords, order updates and, if you subscribe, our newsletter.</li>
      <li>To meet our legal, tax and accounting obligations.</li>
    </ul>

    <h2>Cookies</h2>
    <p>
      We use one essential session cookie to keep you logged in. It is marked secure and is not readable by scripts. We
      do not use advertising or cross-site tracking cookies.
    </p>

    <h2>Who we share it with</h2>
    <p>
      We share only what each partner needs: our payment partner (to take payments), our courier partners (name, phone
      and delivery address) and our email provider (to send mail). We do not sell your data. We disclose information to
      authorities only when the law requires it.
    </p>

    <h2>How long we keep it</h2>
    <p>
      Deal, wallet and order records are kept for eight years, as Indian tax law requires, and because they make every
      result auditable. If you close your account we remove your profile details and keep only those records.
    </p>

    <h2>Your choices and rights</h2>
    <p>
      You can see and correct your details on your profile page, unsubscribe from the newsletter at any time, and ask us
      for a copy of your data or to close your account. We handle personal data in line with the Digital Personal Data
      Protection Act, 2023.
    </p>

    <h2>Contact our grievance officer</h2>
    <p>
      Write to <a href={`mailto:${SITE.email}`}>{SITE.email}</a> with the subject “Privacy”, or by post to{' '}
      {SITE.address}. We respond within 30 days. See also our{' '}
      <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>.
    </p>
  </StaticPage>
);
