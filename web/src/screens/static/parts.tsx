import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { SITE } from '../../lib/site.ts';

/**
 * The parts the static pages' translated sentences link: `tRich(text, PARTS, contactVars())`.
 * A tag's words are the link text, so the translator moves and words them.
 */
export const PARTS: Record<string, (words: string) => ReactNode> = {
  mail: (w) => <a href={`mailto:${SITE.email}`}>{w}</a>,
  phone: (w) => <a href={SITE.phoneHref}>{w}</a>,
  contact: (w) => <Link to="/contact">{w}</Link>,
  rules: (w) => <Link to="/about-deals">{w}</Link>,
  refund: (w) => <Link to="/cancellation-and-refund">{w}</Link>,
  shipping: (w) => <Link to="/shipping-policy">{w}</Link>,
  privacy: (w) => <Link to="/policy">{w}</Link>,
  terms: (w) => <Link to="/terms-and-conditions">{w}</Link>,
  wallet: (w) => <Link to="/wallet">{w}</Link>,
  orders: (w) => <Link to="/orders">{w}</Link>,
  mydeals: (w) => <Link to="/my-deals">{w}</Link>,
  b: (w) => <strong>{w}</strong>,
  // The office address is data: shown as written, never translated.
  address: () => <span translate="no">{SITE.address}</span>,
};

/** The contact facts the sentences name: email, phone and the support hours in the language shown. */
export const contactVars = () => ({ email: SITE.email, phone: SITE.phone, hours: t(SITE.hours) });
