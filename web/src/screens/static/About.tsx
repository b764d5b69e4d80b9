import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { StaticPage } from '../../components/StaticPage.tsx';
import { PARTS, contactVars } from './parts.tsx';

const REASONS = [
  {
    title: 'Real savings',
    text: 'Deal rooms regularly close at up to 60% off retail. The price only ever moves by the fixed increment the room sets, so nobody can jump the queue with a bigger offer.',
  },
  {
    title: 'Value even when you don’t win',
    text: 'If you take part in a deal and don’t win, your entry fee comes back as Reward Cash that you can spend on anything in our shop.',
  },
  {
    title: 'Skill, not luck',
    text: 'Every member gets the same number of attempts, and the round timer restarts on each valid deal. Timing and patience decide the winner — there is no draw and no random pick.',
  },
  {
    title: 'Transparent and auditable',
    text: 'Every booking, deal, refund and reward is recorded in order and can be checked later. When a room doesn’t fill, every fee is refunded to the wallet automatically.',
  },
  {
    title: 'Verified suppliers',
    text: 'We buy sealed, genuine stock from authorised distributors and ship with a GST invoice and the maker’s warranty.',
  },
  {
    title: 'Secure payments',
    text: 'Wallet top-ups and shop payments go through a licensed payment gateway. We never see or store your card or UPI PIN.',
  },
] as const;

export const About = () => (
  <StaticPage
    eyebrow="About us"
    title="About Us"
    lead="Vetri Deals is an invite-only shop from Thanjavur with pay-to-bid deal rooms, built so that every member walks away with value."
  >
    <h2>{t('Who we are')}</h2>
    <p>
      {t(
        'Vetri (வெற்றி) means victory. We started Vetri Deals in Thanjavur with a simple idea: families in Tamil Nadu should be able to get quality phones, appliances and festival essentials well below retail, in a way that is open, fair and fun. Members book a seat in a deal room, compete in a short live round, and the last valid deal wins. Those who don’t win keep the value of their entry fee as Reward Cash for our shop.',
      )}
    </p>

    <h2>{t('Our mission')}</h2>
    <p>
      {t(
        'To make everyday products affordable for households across Tamil Nadu through deals that are transparent, skill based and never a dead loss — and to back every rupee a member spends with a genuine product or shop credit.',
      )}
    </p>

    <h2>{t('Our vision')}</h2>
    <p>
      {t(
        'To be the most trusted members’ marketplace in South India: a community where members invite people they know, where every rule is published and applied the same way to everyone, and where a good deal is a matter of skill, not luck.',
      )}
    </p>

    <h2>{t('Why choose Vetri Deals')}</h2>
    <ul className="reason-grid">
      {REASONS.map((reason) => (
        <li key={reason.title} className="card reason">
          <h3>{t(reason.title)}</h3>
          <p>{t(reason.text)}</p>
        </li>
      ))}
    </ul>

    <h2>{t('Talk to us')}</h2>
    <p>
      {tRich(
        'Our support team is based in Thanjavur and answers in English and Tamil, {hours}. Write to <mail>{email}</mail> or call <phone>{phone}</phone>. You’ll find our office address on the <contact>Contact Us</contact> page, and the full rules of play on the <rules>Deal Rules</rules> page.',
        PARTS,
        contactVars(),
      )}
    </p>
  </StaticPage>
);
