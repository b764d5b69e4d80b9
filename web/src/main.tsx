// The base stylesheet first, so screen stylesheets imported by components come after it and can refine it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadRoute } from './routes.tsx';
import { preloadRootScreen } from './screens/auth/RootPage.tsx';
import { startClockSync } from './lib/clock.ts';
import { connectSocket } from './lib/socket.ts';
import { registerServiceWorker } from './lib/serviceWorker.ts';
import { initSession, useSessionStore } from './stores/session.ts';
import { startWalletLive } from './stores/wallet.ts';
import { startNotificationsLive } from './stores/notifications.ts';
import { startInstallOffer } from './stores/install.ts';
import { showKeptFork, startLogWitness } from './stores/logWitness.ts';
import { initLang } from './i18n/index.ts';
import { keepLangOnServer } from './stores/langSync.ts';

// The screen's code loads while the session is checked (not after): one round trip less on a phone.
preloadRoute(window.location.pathname);
if (window.location.pathname === '/') preloadRootScreen();
void initSession();
startClockSync();
connectSocket();
startWalletLive();
startNotificationsLive();
registerServiceWorker();
startInstallOffer();
// The browser witnesses the deal log for whoever signs in (and shows a fork it kept, to anyone).
showKeptFork();
useSessionStore.subscribe((s) => {
  if (s.user) startLogWitness();
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The first render waits for the language's words (a Tamil reader's catalogue is a small lazy chunk);
// the member's language on the server is compared with the one shown only once that one is known.
void initLang().then(() => {
  keepLangOnServer();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
