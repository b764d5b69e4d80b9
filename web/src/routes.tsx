import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { UnknownPath } from './components/RequireAccess.tsx';
import { ScreenUnavailable } from './components/ScreenUnavailable.tsx';
import type { RouteAccess } from './lib/access.ts';

/** One row per screen. To build a screen, swap its `Component` for `page(() => import(...), (m) => m.Screen)`. */
export type AppRoute = {
  path: string;
  /** Who may open it (lib/access.ts); `RequireAccess` redirects everyone else. The server checks again. */
  access: RouteAccess;
  Component: ComponentType;
  /** The footer is hidden on this screen (live auction spec §2). */
  hideFooter?: boolean;
};

/** A lazily loaded screen; `preload` fetches its code before React first asks for it. */
type PageComponent = ComponentType & { preload?: () => void };

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageComponent => {
  let loading: Promise<M> | null = null;
  // A failed download (offline, say) is not kept: the next try downloads again.
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(
    lazy(async () => {
      try {
        return { default: pick(await once()) };
      } catch {
        // Offline with no saved copy of this screen: say so (with a way to try again), not a blank app.
        return { default: ScreenUnavailable };
      }
    }),
    { preload: () => void once().catch(() => undefined) },
  );
};

export const routes: AppRoute[] = [
  {
    path: '/',
    access: 'public',
    Component: page(
      () => import('./screens/auth/RootPage.tsx'),
      (m) => m.RootPage,
    ),
  },
  {
    path: '/about',
    access: 'public',
    Component: page(
      () => import('./screens/static/About.tsx'),
      (m) => m.About,
    ),
  },
  {
    path: '/about-deals',
    access: 'public',
    Component: page(
      () => import('./screens/static/DealRules.tsx'),
      (m) => m.DealRules,
    ),
  },
  {
    path: '/contact',
    access: 'public',
    Component: page(
      () => import('./screens/static/Contact.tsx'),
      (m) => m.Contact,
    ),
  },
  {
    path: '/terms-and-conditions',
    access: 'public',
    Component: page(
      () => import('./screens/static/Terms.tsx'),
      (m) => m.Terms,
    ),
  },
  {
    path: '/policy',
    access: 'public',
    Component: page(
      () => import('./screens/static/Privacy.tsx'),
      (m) => m.Privacy,
    ),
  },
  {
    path: '/cancellation-and-refund',
    access: 'public',
    Component: page(
      () => import('./screens/static/Refund.tsx'),
      (m) => m.Refund,
    ),
  },
  {
    path: '/shipping-policy',
    access: 'public',
    Component: page(
      () => import('./screens/static/Shipping.tsx'),
      (m) => m.Shipping,
    ),
  },

  {
    path: '/main',
    access: 'member',
    Component: page(
      () => import('./screens/auth/Landing.tsx'),
      (m) => m.Landing,
    ),
  },
  {
    path: '/deals',
    access: 'member',
    Component: page(
      () => import('./screens/deals/Deals.tsx'),
      (m) => m.Deals,
    ),
  },
  {
    path: '/my-deals',
    access: 'member',
    Component: page(
      () => import('./screens/mydeals/MyDeals.tsx'),
      (m) => m.MyDeals,
    ),
  },
  {
    path: '/shop',
    access: 'public',
    Component: page(
      () => import('./screens/shop/Shop.tsx'),
      (m) => m.Shop,
    ),
  },
  {
    path: '/product/:code',
    access: 'public',
    Component: page(
      () => import('./screens/shop/ProductDetail.tsx'),
      (m) => m.ProductDetail,
    ),
  },
  {
    path: '/checkout',
    access: 'member',
    Component: page(
      () => import('./screens/shop/Checkout.tsx'),
      (m) => m.Checkout,
    ),
  },
  {
    path: '/success',
    access: 'member',
    Component: page(
      () => import('./screens/shop/Success.tsx'),
      (m) => m.Success,
    ),
  },
  {
    path: '/invoices/*',
    access: 'member',
    Component: page(
      () => import('./screens/shop/Invoice.tsx'),
      (m) => m.Invoice,
    ),
  },
  {
    path: '/orders',
    access: 'member',
    Component: page(
      () => import('./screens/shop/Orders.tsx'),
      (m) => m.Orders,
    ),
  },
  {
    path: '/reserved-items',
    access: 'member',
    Component: page(
      () => import('./screens/shop/ReservedItems.tsx'),
      (m) => m.ReservedItems,
    ),
  },
  {
    path: '/crackers',
    access: 'public',
    Component: page(
      () => import('./screens/shop/Crackers.tsx'),
      (m) => m.Crackers,
    ),
  },
  {
    path: '/account',
    access: 'member',
    Component: page(
      () => import('./screens/auth/Profile.tsx'),
      (m) => m.Profile,
    ),
  },
  {
    path: '/profile',
    access: 'member',
    Component: page(
      () => import('./screens/auth/Profile.tsx'),
      (m) => m.Profile,
    ),
  },
  {
    path: '/wallet',
    access: 'member',
    Component: page(
      () => import('./screens/wallet/Wallet.tsx'),
      (m) => m.Wallet,
    ),
  },
  {
    path: '/blog',
    access: 'public',
    Component: page(
      () => import('./screens/blog/BlogList.tsx'),
      (m) => m.BlogList,
    ),
  },
  {
    path: '/blog/:slug',
    access: 'public',
    Component: page(
      () => import('./screens/blog/BlogPost.tsx'),
      (m) => m.BlogPost,
    ),
  },
  {
    path: '/login',
    access: 'visitor-only',
    Component: page(
      () => import('./screens/auth/Login.tsx'),
      (m) => m.Login,
    ),
  },
  {
    path: '/forgot-password',
    access: 'public',
    Component: page(
      () => import('./screens/auth/PasswordScreens.tsx'),
      (m) => m.ForgotPassword,
    ),
  },
  {
    path: '/newsletter/confirm',
    access: 'public',
    Component: page(
      () => import('./screens/static/NewsletterLink.tsx'),
      (m) => m.NewsletterConfirm,
    ),
  },
  {
    path: '/newsletter/unsubscribe',
    access: 'public',
    Component: page(
      () => import('./screens/static/NewsletterLink.tsx'),
      (m) => m.NewsletterUnsubscribe,
    ),
  },
  {
    path: '/reset-password',
    access: 'public',
    Component: page(
      () => import('./screens/auth/PasswordScreens.tsx'),
      (m) => m.ResetPassword,
    ),
  },
  {
    path: '/register',
    access: 'visitor-only',
    Component: page(
      () => import('./screens/auth/Register.tsx'),
      (m) => m.Register,
    ),
  },
  {
    path: '/auction/:roomCode',
    access: 'member',
    Component: page(
      () => import('./screens/auction/Auction.tsx'),
      (m) => m.Auction,
    ),
    hideFooter: true,
  },
  {
    path: '/purchase/:roomCode',
    access: 'member',
    Component: page(
      () => import('./screens/purchase/Purchase.tsx'),
      (m) => m.Purchase,
    ),
  },
  {
    path: '/admin',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminUsers.tsx'),
      (m) => m.AdminUsers,
    ),
  },
  {
    path: '/create-room',
    access: 'admin',
    Component: page(
      () => import('./screens/admin/CreateRoom.tsx'),
      (m) => m.CreateRoom,
    ),
  },
  {
    path: '/add-products',
    access: 'admin',
    Component: page(
      () => import('./screens/admin/AddProduct.tsx'),
      (m) => m.AddProduct,
    ),
  },
  {
    path: '/add-referral',
    access: 'admin',
    Component: page(
      () => import('./screens/admin/AddReferral.tsx'),
      (m) => m.AddReferral,
    ),
  },
  {
    path: '/apl',
    access: 'member',
    Component: page(
      () => import('./screens/league/LeagueRooms.tsx'),
      (m) => m.LeagueRooms,
    ),
  },
  {
    path: '/aplauction/:roomCode',
    access: 'member',
    Component: page(
      () => import('./screens/league/LeagueAuction.tsx'),
      (m) => m.LeagueAuction,
    ),
    hideFooter: true,
  },
  {
    path: '/admin/leagues',
    access: 'admin',
    Component: page(
      () => import('./screens/league/LeagueAdmin.tsx'),
      (m) => m.LeagueAdmin,
    ),
  },
  {
    path: '/admin/leagues/:code',
    access: 'admin',
    Component: page(
      () => import('./screens/league/LeagueSetup.tsx'),
      (m) => m.LeagueSetup,
    ),
  },
  {
    path: '/admin/orders',
    access: 'staff',
    Component: page(
      () => import('./screens/shop/AdminOrders.tsx'),
      (m) => m.AdminOrders,
    ),
  },
  {
    path: '/admin/blog',
    access: 'admin',
    Component: page(
      () => import('./screens/admin/AdminBlog.tsx'),
      (m) => m.AdminBlog,
    ),
  },
  {
    path: '/admin/crackers-season',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminCrackersSeason.tsx'),
      (m) => m.AdminCrackersSeason,
    ),
  },
  {
    path: '/admin/products',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminProducts.tsx'),
      (m) => m.AdminProducts,
    ),
  },
  {
    path: '/admin/rooms',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminRooms.tsx'),
      (m) => m.AdminRooms,
    ),
  },
  {
    path: '/admin/withdrawals',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminWithdrawals.tsx'),
      (m) => m.AdminWithdrawals,
    ),
  },
  {
    path: '/admin/integrity',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminIntegrity.tsx'),
      (m) => m.AdminIntegrity,
    ),
  },
  {
    path: '/admin/newsletter',
    access: 'staff',
    Component: page(
      () => import('./screens/admin/AdminNewsletter.tsx'),
      (m) => m.AdminNewsletter,
    ),
  },
  {
    path: '/admin/outbox',
    access: 'admin',
    Component: page(
      () => import('./screens/admin/AdminOutbox.tsx'),
      (m) => m.AdminOutbox,
    ),
  },
  {
    path: '/admin/streams',
    access: 'staff',
    Component: page(
      () => import('./screens/audit/StreamBrowser.tsx'),
      (m) => m.StreamBrowser,
    ),
  },
  {
    path: '/admin/rooms/:code/replay',
    access: 'staff',
    Component: page(
      () => import('./screens/audit/RoomReplay.tsx'),
      (m) => m.RoomReplay,
    ),
  },
  {
    path: '/admin/leagues/:code/replay',
    access: 'staff',
    Component: page(
      () => import('./screens/audit/LeagueReplay.tsx'),
      (m) => m.LeagueReplay,
    ),
  },

  { path: '*', access: 'public', Component: UnknownPath },
];

/**
 * Starts loading the screen of the page being opened at once, alongside the session check, not
 * after it (the session decides access, the code can come meanwhile).
 */
export const preloadRoute = (pathname: string): void => {
  const route = routes.find((r) => r.path !== '*' && matchPath(r.path, pathname));
  (route?.Component as PageComponent | undefined)?.preload?.();
};
