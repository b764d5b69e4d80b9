// The base stylesheet first, so screen stylesheets imported by components come after it and can refine it.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startClockSync } from './lib/clock.ts';
import { connectSocket } from './lib/socket.ts';
import { initSession, useSessionStore } from './stores/session.ts';
import { startWalletLive } from './stores/wallet.ts';
import { showKeptFork, startLogWitness } from './stores/logWitness.ts';

void initSession();
startClockSync();
connectSocket();
startWalletLive();
// The browser witnesses the deal log for whoever signs in (and shows a fork it kept, to anyone).
showKeptFork();
useSessionStore.subscribe((s) => {
  if (s.user) startLogWitness();
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
