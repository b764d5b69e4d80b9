/* Vetri Deals service worker: makes the app open offline, and shows Web Push notifications.
 *
 * What it caches: the app shell (the one HTML page every screen starts from), the offline page,
 * the manifest and its icons, and static files (hashed bundles under /assets/, images).
 * What it never caches: anything under /api/ or /socket.io/ — balances, bids, deals, payments and
 * receipts always come from the network, so money is never shown from a cache. Those requests
 * are not even seen here: the browser sends them as if there were no service worker.
 *
 * Bump VERSION when what is cached, or how, changes: the next visit installs the new worker and
 * it deletes every cache of older versions. */
const VERSION = 'v3';
const SHELL_CACHE = `vetri-shell-${VERSION}`;
const ASSET_CACHE = `vetri-assets-${VERSION}`;
const STATIC_CACHE = `vetri-static-${VERSION}`;
const CACHES = [SHELL_CACHE, ASSET_CACHE, STATIC_CACHE];
// The plain page every screen starts from (`/` itself may be prerendered for whoever asked).
const SHELL_URL = '/index.html';
const OFFLINE_URL = '/offline.html';
const PRECACHE = [
  SHELL_URL,
  OFFLINE_URL,
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/favicon.svg',
  '/logo.svg',
];
/** Static files other than the hashed bundles: kept, at most this many, refreshed in the background. */
const STATIC_FILE = /\.(?:svg|png|jpe?g|webp|avif|gif|ico|woff2?)$/i;
const STATIC_LIMIT = 80;
/** Hashed bundles: each deploy adds new names, so the oldest kept go first past this many. */
const ASSET_LIMIT = 200;

/** Never through the caches: the API (money, sessions) and the live socket. */
const passesThrough = (url) =>
  url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/');

/** A response worth keeping: a full 200 from this origin (not an error page, a redirect or a range). */
const keepable = (response) => response && response.status === 200 && response.type === 'basic' && !response.redirected;

const isHtml = (response) => (response.headers.get('content-type') ?? '').startsWith('text/html');

/** The shell's own bundles (script and styles named in its HTML), so it opens offline after one visit. */
const shellAssets = (html) => [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      const shell = await cache.match(SHELL_URL);
      if (shell) {
        const assets = await caches.open(ASSET_CACHE);
        // Most are in the HTTP cache from the visit that installed this worker: no second download.
        await assets.addAll(shellAssets(await shell.text())).catch(() => undefined);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  ),
);

/** Navigations: the network first (a fresh shell is kept); offline, the kept shell, else the offline page. */
const navigate = async (event) => {
  try {
    const response = await fetch(event.request);
    // A screen's address (no file extension: every screen is the shell); not /offline.html itself.
    const screen = !/\.\w+$/.test(new URL(event.request.url).pathname);
    // A prerendered page carries one visitor's screen and session: not kept as the shell.
    if (screen && keepable(response) && isHtml(response) && !response.headers.has('x-prerendered')) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy)));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(SHELL_CACHE);
    // A precached page itself (the offline page), else the shell (every screen starts from it).
    const fallback =
      (await cache.match(event.request, { ignoreSearch: true })) ??
      (await cache.match(SHELL_URL)) ??
      (await cache.match(OFFLINE_URL));
    if (fallback) return fallback;
    throw error;
  }
};

/** Hashed bundles never change under one name: from the cache when there, else fetched once and kept. */
const hashedAsset = async (event) => {
  const cache = await caches.open(ASSET_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (keepable(response)) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy).then(() => trim(cache, ASSET_LIMIT)));
  }
  return response;
};

/** Drops the oldest entries (a cache lists them in the order they were put) past `limit`. */
const trim = async (cache, limit) => {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
};

/**
 * Other static files (logos, pictures, the manifest): the kept copy at once, refreshed from the
 * network behind it. Precached files are refreshed in place; the rest are kept up to a limit.
 */
const staticFile = async (event, path) => {
  const precached = PRECACHE.includes(path);
  const cache = await caches.open(precached ? SHELL_CACHE : STATIC_CACHE);
  const kept = await cache.match(event.request);
  const fresh = fetch(event.request).then(async (response) => {
    if (keepable(response)) {
      await cache.put(event.request, response.clone());
      if (!precached) await trim(cache, STATIC_LIMIT);
    }
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (passesThrough(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(event));
  else if (STATIC_FILE.test(url.pathname) || PRECACHE.includes(url.pathname))
    event.respondWith(staticFile(event, url.pathname));
  // Anything else (health, metrics, well-known files) goes to the network as usual.
});

self.addEventListener('push', (event) => {
  let payload = { id: 'vetri', title: 'Vetri Deals', body: '', url: '/' };
  try {
    payload = { ...payload, ...event.data.json() };
  } catch {
    if (event.data) payload.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.id,
      icon: '/logo.svg',
      badge: '/favicon.svg',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((w) => (w ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
