import { lazy, type ComponentType } from 'react';
import { ComingSoon } from './components/ComingSoon.tsx';
import { NotFound } from './components/NotFound.tsx';

/** One row per screen. To build a screen, swap its `Component` for `page(() => import(...), (m) => m.Screen)`. */
export type AppRoute = {
  path: string;
  Component: ComponentType;
  /** The footer is hidden on this screen (live auction spec §2). */
  hideFooter?: boolean;
};

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy(async () => ({ default: pick(await load()) }));

const soon = (title: string, note: string): ComponentType => {
  const Screen = () => <ComingSoon title={title} note={note} />;
  Screen.displayName = `ComingSoon(${title})`;
  return Screen;
};

export const routes: AppRoute[] = [
  {
    path: '/',
    Component: page(
      () => import('./pages/home/Home.tsx'),
      (m) => m.Home,
    ),
  },
  {
    path: '/about',
    Component: page(
      () => import('./pages/static/About.tsx'),
      (m) => m.About,
    ),
  },
  {
    path: '/about-deals',
    Component: page(
      () => import('./pages/static/DealRules.tsx'),
      (m) => m.DealRules,
    ),
  },
  {
    path: '/contact',
    Component: page(
      () => import('./pages/static/Contact.tsx'),
      (m) => m.Contact,
    ),
  },
  {
    path: '/terms-and-conditions',
    Component: page(
      () => import('./pages/static/Terms.tsx'),
      (m) => m.Terms,
    ),
  },
  {
    path: '/policy',
    Component: page(
      () => import('./pages/static/Privacy.tsx'),
      (m) => m.Privacy,
    ),
  },
  {
    path: '/cancellation-and-refund',
    Component: page(
      () => import('./pages/static/Refund.tsx'),
      (m) => m.Refund,
    ),
  },
  {
    path: '/shipping-policy',
    Component: page(
      () => import('./pages/static/Shipping.tsx'),
      (m) => m.Shipping,
    ),
  },

  {
    path: '/main',
    Component: soon('Welcome to Vetri Deals', 'The members’ landing page with referral access is on its way.'),
  },
  {
    path: '/deals',
    Component: page(
      () => import('./screens/deals/Deals.tsx'),
      (m) => m.Deals,
    ),
  },
  {
    path: '/my-deals',
    Component: soon('My Deals', 'Your pre-booked, won, lost and cancelled deals will appear here soon.'),
  },
  {
    path: '/shop',
    Component: page(
      () => import('./screens/shop/Shop.tsx'),
      (m) => m.Shop,
    ),
  },
  {
    path: '/product/:code',
    Component: page(
      () => import('./screens/shop/ProductDetail.tsx'),
      (m) => m.ProductDetail,
    ),
  },
  {
    path: '/checkout',
    Component: page(
      () => import('./screens/shop/Checkout.tsx'),
      (m) => m.Checkout,
    ),
  },
  {
    path: '/success',
    Component: page(
      () => import('./screens/shop/Success.tsx'),
      (m) => m.Success,
    ),
  },
  {
    path: '/orders',
    Component: page(
      () => import('./screens/shop/Orders.tsx'),
      (m) => m.Orders,
    ),
  },
  {
    path: '/reserved-items',
    Component: page(
      () => import('./screens/shop/ReservedItems.tsx'),
      (m) => m.ReservedItems,
    ),
  },
  {
    path: '/crackers',
    Component: page(
      () => import('./screens/shop/Crackers.tsx'),
      (m) => m.Crackers,
    ),
  },
  { path: '/account', Component: soon('My Account', 'Your account overview is on its way.') },
  { path: '/profile', Component: soon('Profile', 'Your profile, address and personal details screen is on its way.') },
  {
    path: '/wallet',
    Component: page(
      () => import('./screens/wallet/Wallet.tsx'),
      (m) => m.Wallet,
    ),
  },
  { path: '/blog', Component: soon('Blog', 'Stories, buying guides and deal tips from our team are on their way.') },
  { path: '/login', Component: soon('Login', 'Member login is on its way.') },
  {
    path: '/register',
    Component: soon('Register', 'Registration with referral code and email verification is on its way.'),
  },
  {
    path: '/auction/:roomCode',
    Component: soon('Deal room', 'The live deal room with its round timer and leaderboard is on its way.'),
    hideFooter: true,
  },
  { path: '/purchase/:roomCode', Component: soon('Purchase', 'Buying a won deal, with free delivery, is on its way.') },
  { path: '/admin', Component: soon('Admin dashboard', 'The registered users list for admins is on its way.') },
  { path: '/create-room', Component: soon('Create Auction Room', 'Scheduling a new deal room is on its way.') },
  { path: '/add-products', Component: soon('Add New Product', 'Adding products to the catalogue is on its way.') },
  { path: '/add-referral', Component: soon('Add Referral', 'Creating referral codes for new members is on its way.') },
  {
    path: '/apl',
    Component: page(
      () => import('./screens/league/LeagueRooms.tsx'),
      (m) => m.LeagueRooms,
    ),
  },
  {
    path: '/aplauction/:roomCode',
    Component: page(
      () => import('./screens/league/LeagueAuction.tsx'),
      (m) => m.LeagueAuction,
    ),
    hideFooter: true,
  },
  {
    path: '/admin/leagues',
    Component: page(
      () => import('./screens/league/LeagueAdmin.tsx'),
      (m) => m.LeagueAdmin,
    ),
  },
  {
    path: '/admin/leagues/:code',
    Component: page(
      () => import('./screens/league/LeagueSetup.tsx'),
      (m) => m.LeagueSetup,
    ),
  },
  {
    path: '/admin/orders',
    Component: page(
      () => import('./screens/shop/AdminOrders.tsx'),
      (m) => m.AdminOrders,
    ),
  },
  { path: '/admin/outbox', Component: soon('Mail outbox', 'The outbox of mails sent by the system is on its way.') },
  {
    path: '/admin/streams',
    Component: soon('Event streams', 'Browsing event streams and checking their hash chains is on its way.'),
  },
  {
    path: '/admin/rooms/:code/replay',
    Component: soon('Room replay', 'Replaying a deal room event by event is on its way.'),
  },

  { path: '*', Component: NotFound },
];
