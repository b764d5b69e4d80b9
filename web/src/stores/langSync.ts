/**
 * Keeps a signed-in member's language on the server, so mails and notifications come in it too:
 * sent on every switch, and once after sign-in when the server holds another.
 */
import { api } from '../lib/api.ts';
import { currentLang, onLangChange, type Lang } from '../i18n/index.ts';
import { useSessionStore } from './session.ts';

const send = (lang: Lang) => {
  if (!useSessionStore.getState().user) return;
  api('/api/me/language', { method: 'PUT', body: { lang } }).catch(() => undefined);
};

export const keepLangOnServer = (): void => {
  onLangChange(send);
  useSessionStore.subscribe((s, before) => {
    if (s.user && s.user.id !== before.user?.id && s.user.lang !== currentLang()) send(currentLang());
  });
};
