import { StaticPage } from '../../components/StaticPage.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { PARTS, contactVars } from './parts.tsx';

export const Privacy = () => (
  <StaticPage
    eyebrow="Legal"
    title="Privacy Policy"
    lead="What we collect, why we collect it and how we keep it safe. We only ask for what we need to run your membership, deals and orders."
    note="Last updated 1 November 2025"
  >
    <h2>{t('What we collect')}</h2>
    <ul>
      <li>
        {tRich(
          '<b>Account details:</b> name, email, phone number, date of birth, district and the referral code you joined with.',
          PARTS,
        )}
      </li>
      <li>
        {tRich(
          '<b>Profile and delivery details:</b> addresses, pincode and landmark you give us for orders and won deals.',
          PARTS,
        )}
      </li>
      <li>
        {tRich(
          '<b>Activity:</b> the rooms you book, the deals you place, wallet transactions, Reward Cash, cart and orders — with the time each happened.',
          PARTS,
        )}
      </li>
      <li>
        {tRich(
          '<b>Payments:</b> the payment reference and status from our payment partner. Card numbers, UPI PINs and bank passwords are entered on the partner’s page; we never see or store them.',
          PARTS,
        )}
      </li>
    </ul>

    <h2>{t('How we use it')}</h2>
    <ul>
      <li>{t('To run your account, your wallet and the deal rooms, and to deliver what you buy or win.')}</li>
      <li>{t('To keep deals fair: to detect multiple accounts, automated play and collusion.')}</li>
      <li>{t('To send one-time passwords, order updates and, if you subscribe, our newsletter.')}</li>
      <li>{t('To meet our legal, tax and accounting obligations.')}</li>
    </ul>

    <h2>{t('Cookies')}</h2>
    <p>
      {t(
        'We use one essential session cookie to keep you logged in. It is marked secure and is not readable by scripts. We do not use advertising or cross-site tracking cookies.',
      )}
    </p>

    <h2>{t('Who we share it with')}</h2>
    <p>
      {t(
        'We share only what each partner needs: our payment partner (to take payments), our courier partners (name, phone and delivery address) and our email provider (to send mail). We do not sell your data. We disclose information to authorities only when the law requires it.',
      )}
    </p>

    <h2>{t('How long we keep it')}</h2>
    <p>
      {t(
        'Deal, wallet and order records are kept for eight years, as Indian tax law requires, and because they make every result auditable. If you close your account we remove your profile details and keep only those records.',
      )}
    </p>

    <h2>{t('Your choices and rights')}</h2>
    <p>
      {t(
        'You can see and correct your details on your profile page, unsubscribe from the newsletter at any time, and ask us for a copy of your data or to close your account. We handle personal data in line with the Digital Personal Data Protection Act, 2023.',
      )}
    </p>

    <h2>{t('Contact our grievance officer')}</h2>
    <p>
      {tRich(
        'Write to <mail>{email}</mail> with the subject “Privacy”, or by post to <address>address</address>. We respond within 30 days. See also our <terms>Terms & Conditions</terms>.',
        PARTS,
        contactVars(),
      )}
    </p>
  </StaticPage>
);
