/** Company facts shown in the header, footer and static pages. */
export const SITE = {
  name: 'Vetri Deals',
  phone: '+91 44 4000 1234',
  phoneHref: 'tel:+914440001234',
  email: 'support@vetrideals.in',
  hours: 'Monday to Saturday 10:00 AM to 6:00 PM IST',
  addressLines: ['Vetri Deals', '2nd Floor, 14 Gandhi Road', 'Thanjavur 613001', 'Tamil Nadu, India'],
  address: '2nd Floor, 14 Gandhi Road, Thanjavur 613001, Tamil Nadu, India',
} as const;

export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/deals', label: 'Deals' },
  { to: '/shop', label: 'Shop' },
  { to: '/crackers', label: 'Crackers' },
  { to: '/about-deals', label: 'Deal Rules' },
] as const;
