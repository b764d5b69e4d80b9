// The base stylesheet first, so screen stylesheets imported by components come after it and can refine it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
import { initLang, keepLangCookie, keptLang } from './i18n/index.ts';
import { applyBoot, readWindowBoot } from './ssr/boot.ts';
import { keepLangOnServer } from './stores/langSync.ts';

// The screen's code loads while the session is checked (not after): one round trip less on a phone.
preloadRoute(window.location.pathname);
if (window.location.pathname === '/') preloadRootScreen();
// A prerendered page (api/http/prerender.ts) came with the session and the screen's data, drawn
// in its language: hydrate it from them. Not when this browser keeps another language, or the page
// is a kept copy for another address: then render afresh.
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const kept = keptLang();
// A choice kept before the server could read it: tell it (the next page comes prerendered in it).
if (kept) keepLangCookie(kept);
const boot = readWindowBoot();
const hydrate = boot !== null && root.firstElementChild !== null && (kept === null || kept === boot.lang);
if (!hydrate) void initSession();
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

// The member's language on the server is compared with the one shown only once that one is known.
if (hydrate) {
  void applyBoot(boot).then(() => {
    keepLangOnServer();
    hydrateRoot(
      root,
      <StrictMode>
        <App />
      </StrictMode>,
      {
        // A difference between the server's HTML and the first render in the browser: React draws
        // that part again; said on the console so the browser tests catch it.
        onRecoverableError: (error) => console.error('Hydration:', error),
      },
    );
  });
} else {
  // The first render waits for the language's words (a Tamil reader's catalogue is a small lazy chunk).
  void initLang().then(() => {
    keepLangOnServer();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
