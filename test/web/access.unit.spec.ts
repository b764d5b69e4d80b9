import { describe, expect, it } from 'vitest';
import type { RouteAccess, Viewer } from '../../web/src/lib/access.ts';
import { afterLoginPath, decideAccess, readGuardState, unknownPathRedirect } from '../../web/src/lib/access.ts';
import { routes } from '../../web/src/routes.tsx';

const visitor: Viewer = null;
const member: Viewer = { role: 'member' };
const auditor: Viewer = { role: 'auditor' };
const admin: Viewer = { role: 'admin' };

const accessOf = (path: string): RouteAccess => {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.access;
};

/** Where a viewer ends up when opening a path: the path itself, or the guard's redirect. */
const landsOn = (path: string, viewer: Viewer): string => {
  const decision = decideAccess(accessOf(path), viewer);
  return decision.allow ? path : decision.redirect;
};

describe('decideAccess', () => {
  it('lets everyone open public routes', () => {
    for (const viewer of [visitor, member, auditor, admin])
      expect(decideAccess('public', viewer)).toEqual({ allow: true });
  });

  it('sends logged-in users from visitor-only routes to /', () => {
    expect(decideAccess('visitor-only', visitor)).toEqual({ allow: true });
    for (const viewer of [member, auditor, admin])
      expect(decideAccess('visitor-only', viewer)).toEqual({ allow: false, redirect: '/' });
  });

  it('shows /login to a logged-in member whom an admin page sent there, so the redirect is explained', () => {
    expect(decideAccess('visitor-only', member, 'admin-only')).toEqual({ allow: true });
    expect(decideAccess('visitor-only', member, 'login-required')).toEqual({ allow: false, redirect: '/' });
  });

  it('sends visitors from member routes to /login', () => {
    expect(decideAccess('member', visitor)).toEqual({ allow: false, redirect: '/login', reason: 'login-required' });
    for (const viewer of [member, auditor, admin]) expect(decideAccess('member', viewer)).toEqual({ allow: true });
  });

  it('lets only admins open admin routes; everyone else goes to /login', () => {
    expect(decideAccess('admin', admin)).toEqual({ allow: true });
    expect(decideAccess('admin', visitor)).toEqual({ allow: false, redirect: '/login', reason: 'login-required' });
    for (const viewer of [member, auditor])
      expect(decideAccess('admin', viewer)).toEqual({ allow: false, redirect: '/login', reason: 'admin-only' });
  });

  it('lets admins and the auditor open staff (read-only admin) routes', () => {
    expect(decideAccess('staff', admin)).toEqual({ allow: true });
    expect(decideAccess('staff', auditor)).toEqual({ allow: true });
    expect(decideAccess('staff', member)).toMatchObject({ allow: false, redirect: '/login' });
    expect(decideAccess('staff', visitor)).toMatchObject({ allow: false, redirect: '/login' });
  });
});

describe('the route table', () => {
  it('lets visitors reach only /login, /register, the password reset pages, the newsletter links, /crackers, the shop and product pages (issue 20.7), the landing and the static pages', () => {
    const reachable = routes
      .filter((r) => r.path !== '*' && decideAccess(r.access, visitor).allow)
      .map((r) => r.path)
      .sort();
    expect(reachable).toEqual(
      [
        '/',
        '/about',
        '/about-deals',
        '/blog',
        '/blog/:slug',
        '/cancellation-and-refund',
        '/contact',
        '/crackers',
        '/forgot-password',
        '/login',
        '/newsletter/confirm',
        '/newsletter/unsubscribe',
        '/policy',
        '/product/:code',
        '/register',
        '/reset-password',
        '/shipping-policy',
        '/shop',
        '/terms-and-conditions',
      ].sort(),
    );
  });

  it('sends a visitor opening /wallet, /deals, /profile, /checkout or /orders to /login', () => {
    for (const path of [
      '/wallet',
      '/deals',
      '/profile',
      '/account',
      '/main',
      '/auction/:roomCode',
      '/checkout',
      '/orders',
    ])
      expect(landsOn(path, visitor), path).toBe('/login');
  });

  it('sends logged-in users from /login and /register to /', () => {
    expect(landsOn('/login', member)).toBe('/');
    expect(landsOn('/register', admin)).toBe('/');
  });

  it('keeps /create-room, /admin, /add-products and /add-referral for admins, redirecting others to /login', () => {
    for (const path of ['/create-room', '/admin', '/add-products', '/add-referral', '/admin/blog']) {
      expect(landsOn(path, admin), path).toBe(path);
      expect(landsOn(path, member), path).toBe('/login');
      expect(landsOn(path, visitor), path).toBe('/login');
    }
  });

  it('lets the auditor read /admin but not create rooms, products or referral codes', () => {
    expect(landsOn('/admin', auditor)).toBe('/admin');
    for (const path of ['/create-room', '/add-products', '/add-referral', '/admin/outbox'])
      expect(landsOn(path, auditor), path).toBe('/login');
  });

  it('redirects unknown paths by state', () => {
    expect(unknownPathRedirect(visitor)).toBe('/login');
    expect(unknownPathRedirect(member)).toBe('/');
  });
});

describe('guard navigation state', () => {
  it('returns to the page a guard sent the visitor away from', () => {
    expect(afterLoginPath({ from: '/wallet?x=1', reason: 'login-required' })).toBe('/wallet?x=1');
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath({ from: '/register' })).toBe('/');
  });

  it('ignores state that is not a local path or a known reason', () => {
    expect(readGuardState({ from: 'https://evil.example/', reason: 'nope' })).toEqual({
      from: undefined,
      reason: undefined,
    });
    expect(readGuardState({ from: '//evil.example/x' }).from).toBeUndefined();
    expect(readGuardState('junk')).toEqual({});
  });
});
