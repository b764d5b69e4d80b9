/**
 * Keeps a signed-in member's language on the server, so mails, notifications and tax invoices
 * come in it too: sent on every switch, and once after sign-in when the server holds another.
 * Started once the language shown is known (`initLang`): before that the app still reads English,
 * and a session arriving first would have set a Tamil reader's server language to English.
 */
import { api } from '../lib/api.ts';
import { currentLang, onLangChange, type Lang } from '../i18n/index.ts';
import { useSessionStore } from './session.ts';

const send = (lang: Lang) => {
  if (!useSessionStore.getState().user) return;
  api('/api/me/language', { method: 'PUT', body: { lang } }).catch(() => undefined);
};

const settle = (user: { lang?: string } | null | undefined) => {
  if (user && user.lang !== currentLang()) send(currentLang());
};

export const keepLangOnServer = (): void => {
  onLangChange(send);
  settle(useSessionStore.getState().user);
  useSessionStore.subscribe((s, before) => {
    if (s.user && s.user.id !== before.user?.id) settle(s.user);
  });
};
