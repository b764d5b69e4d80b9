import type { ComponentType } from 'react';
import { t } from '../../i18n/index.ts';
import { ChatIcon, ShieldIcon, TagIcon, TruckIcon } from '../../components/Icons.tsx';

const FEATURES: { title: string; text: string; Icon: ComponentType }[] = [
  {
    title: 'Affordable prices',
    text: 'Up to 60% off retail in deal rooms, fair market prices in the shop.',
    Icon: TagIcon,
  },
  {
    title: 'Quality assured',
    text: 'Genuine, sealed products from verified suppliers, with invoice and warranty.',
    Icon: ShieldIcon,
  },
  {
    title: 'Fast delivery',
    text: 'Shop orders ship in 2 to 4 business days; won deals ship with ₹0 delivery.',
    Icon: TruckIcon,
  },
  {
    title: 'Friendly support',
    text: 'Real people on phone and email, Monday to Saturday 10:00 AM to 6:00 PM IST.',
    Icon: ChatIcon,
  },
];

export const Features = () => (
  <section className="features" aria-label={t('Why Vetri Deals')}>
    <ul className="container features-grid">
      {FEATURES.map(({ title, text, Icon }) => (
        <li key={title} className="feature">
          <span className="feature-icon">
            <Icon />
          </span>
          <div>
            <h3>{t(title)}</h3>
            <p>{t(text)}</p>
          </div>
        </li>
      ))}
    </ul>
  </section>
);
