import { lazy } from 'react';
import { useSessionStore } from '../../stores/session.ts';

const Home = lazy(async () => ({ default: (await import('../../screens/home/Home.tsx')).Home }));
const Landing = lazy(async () => ({ default: (await import('./Landing.tsx')).Landing }));

/** `/`: visitors see the public landing; logged-in members see Home. */
export const RootPage = () => {
  const loggedIn = useSessionStore((s) => s.user !== null);
  return loggedIn ? <Home /> : <Landing />;
};
