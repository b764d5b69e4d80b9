import { lazy } from 'react';
import { hasStoredUser, useSessionStore } from '../../stores/session.ts';

const loadHome = () => import('../../screens/home/Home.tsx');
const loadLanding = () => import('./Landing.tsx');
const Home = lazy(async () => ({ default: (await loadHome()).Home }));
const Landing = lazy(async () => ({ default: (await loadLanding()).Landing }));

/**
 * Starts loading the screen `/` will most likely show (Home for a browser that was signed in last
 * time, else the landing) while the session is still being checked, instead of after it: on a
 * phone on 4G that wait was a whole round trip before the first useful paint.
 */
export const preloadRootScreen = (): void => void (hasStoredUser() ? loadHome() : loadLanding());

/** `/`: visitors see the public landing; logged-in members see Home. */
export const RootPage = () => {
  const loggedIn = useSessionStore((s) => s.user !== null);
  return loggedIn ? <Home /> : <Landing />;
};
