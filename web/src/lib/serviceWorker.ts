/**
 * Registers the service worker (web/public/sw.js) for every visitor, once the page has loaded, so
 * its precache never competes with the first visit's own downloads. It makes the app open offline
 * and receives Web Push; the profile's push switch registers the same worker again (a no-op).
 * Not in the Vite dev server: a cached shell would hide the code being edited.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked origin): the site works as before, online only.
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
};
