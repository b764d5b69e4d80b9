/** Landing page copy (live auction spec §1–2): benefit cards, How It Works and the seven FAQ items. */

export const BENEFITS = [
  {
    key: 'deals',
    title: 'Amazing Deals',
    text: 'Exclusive auctions on phones, appliances and festive hampers at up to 60% off retail, with fixed increments and a fair timer.',
  },
  {
    key: 'win',
    title: 'Win Big',
    text: 'The last valid offer before the timer ends wins. Buy the product at your final price with ₹0 delivery — and a reward on top.',
  },
  {
    key: 'shop',
    title: 'Curated Shop Access',
    text: 'A members’ shop of products from verified suppliers at market prices, where your Reward Cash is spent like money.',
  },
  {
    key: 'value',
    title: 'Everyone Gains Value',
    text: 'Didn’t win? Your entry fee comes back as Reward Cash for the shop. Every rupee you put in stays useful.',
  },
  {
    key: 'fair',
    title: 'Safe Transparent and Fair',
    text: 'Skill-based deal rooms, secure payments, guaranteed delivery and a tamper-evident record of every offer.',
  },
] as const;

export const LANDING_STEPS = [
  {
    title: 'Get Invited or Apply',
    text: 'Enter a member’s referral code for instant access, or join our reviewed waitlist and an admin will let you in.',
  },
  {
    title: 'Top-Up Wallet',
    text: 'Add money to your wallet securely. Entry fees are held safely until your deal room starts.',
  },
  {
    title: 'Enter Auctions',
    text: 'Pre-book a seat, join when the room is full and place your offers live from your phone.',
  },
] as const;

export const FAQ = [
  {
    q: 'What is Vetri Deals?',
    a: 'Vetri Deals is an invite-only shop with pay-to-bid deal rooms for members in Tamil Nadu. You pre-book a seat in a deal room for a small entry fee and compete live for products at up to 60% off retail, and you can shop our curated store at any time.',
  },
  {
    q: 'How do the auctions work?',
    a: 'Each deal room has a product, a fixed number of seats and a start time. When the room is full and the time arrives, members place offers; each offer raises the price by a fixed increment and resets the round timer. You have a limited number of attempts, and the last valid offer before the timer ends wins.',
  },
  {
    q: 'What happens if I don’t win?',
    a: 'Your entry fee comes back to you as Reward Cash, which you can spend on products in our shop. If a room does not fill by its start time, it is cancelled and every fee goes back to your wallet.',
  },
  {
    q: 'Can I reuse my credits for auctions?',
    a: 'No. Reward Cash from deals you did not win can be spent only in the shop. It cannot be withdrawn as cash or used to enter other auctions.',
  },
  {
    q: 'How do I get access?',
    a: 'With a member’s referral code you get full access as soon as you register. Without one, register and join the reviewed waitlist: you can browse and shop straight away, and an admin grants full access after review.',
  },
  {
    q: 'Is it legal and safe?',
    a: 'Yes. Our deal rooms are skill-based, payments go through a secure payment provider, deliveries are guaranteed, and every offer is recorded so any result can be checked. You must be 18 or older to take part.',
  },
  {
    q: 'What makes Vetri Deals different?',
    a: 'Nobody leaves empty-handed: the winner gets the product at a deal price, and everyone else keeps the value of their fee as Reward Cash for verified products in our shop.',
  },
] as const;

export const LANDING_FOOTER_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/cancellation-and-refund', label: 'Refund Policy' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/contact', label: 'Contact Support' },
] as const;
