/**
 * The client's languages: English (the source text) and Tamil. Screens write their English words in
 * `t('…')`; the Tamil catalogue (a lazy chunk, loaded before the first render when Tamil is chosen)
 * maps each English text to its Tamil. The choice comes from the browser's languages on a first
 * visit, is switched in the header and kept in localStorage (and, for a signed-in member, on the
 * server, so mails come in it too). A text with no Tamil is shown in English and recorded in
 * `window.__i18nMissing`, which the browser tests read.
 */
import { create } from '../stores/create.ts';

export type Lang = 'en' | 'ta';
export const LANGS: readonly { code: Lang; name: string; locale: string }[] = [
  { code: 'en', name: 'English', locale: 'en-IN' },
  { code: 'ta', name: 'தமிழ்', locale: 'ta-IN' },
];
export const LANG_STORAGE_KEY = 'vetri.lang';

export type Vars = Record<string, string | number>;
type Catalogue = { texts: Record<string, string>; errors: Record<string, string> };

const catalogues: Partial<Record<Lang, Catalogue>> = {};
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<Catalogue>> = {
  ta: () => import('./ta/index.ts').then((m) => m.catalogue),
};

const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ta';

/** The language chosen in this browser, if one was. */
export const keptLang = (): Lang | null => {
  try {
    const kept = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(kept) ? kept : null;
  } catch {
    // Storage blocked: no kept choice.
    return null;
  }
};

/** The server reads the choice too, to prerender pages in it (a cookie for a year; not a secret). */
export const keepLangCookie = (lang: Lang): void => {
  if (typeof document !== 'undefined')
    document.cookie = `${LANG_STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
};

/** The kept choice, else the first of the browser's languages we speak (Tamil for any `ta…`), else English. */
export const preferredLang = (): Lang => {
  const kept = keptLang();
  if (kept) return kept;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'ta') return 'ta';
    if (base === 'en') return 'en';
  }
  return 'en';
};

export const useLangStore = create<{ lang: Lang }>()(() => ({ lang: 'en' }));

/** The language shown now (outside React too). */
export const currentLang = (): Lang => useLangStore.getState().lang;
/** `en-IN` or `ta-IN`: numbers, money and dates follow the language. */
export const currentLocale = (): string => (currentLang() === 'ta' ? 'ta-IN' : 'en-IN');

export const loadCatalogue = async (lang: Lang): Promise<void> => {
  if (lang === 'en' || catalogues[lang]) return;
  catalogues[lang] = await loaders[lang]();
};

const applyDocumentLang = (lang: Lang) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'ta' ? 'ta' : 'en';
};

/** Before the first render: the preferred language, its catalogue loaded (English if it cannot load). */
export const initLang = async (): Promise<Lang> => {
  const lang = preferredLang();
  try {
    await loadCatalogue(lang);
    useLangStore.setState({ lang });
    applyDocumentLang(lang);
    return lang;
  } catch {
    applyDocumentLang('en');
    return 'en';
  }
};

const listeners = new Set<(lang: Lang) => void>();
/** Told after every switch (e.g. to keep a signed-in member's choice on the server). */
export const onLangChange = (listener: (lang: Lang) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Switches the whole app (the tree is re-rendered in the new language) and keeps the choice. */
export const setLang = async (lang: Lang): Promise<void> => {
  await loadCatalogue(lang);
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage blocked: the choice lasts for this visit.
  }
  keepLangCookie(lang);
  applyDocumentLang(lang);
  useLangStore.setState({ lang });
  for (const listener of listeners) listener(lang);
};

const missing = (text: string) => {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { __i18nMissing?: Set<string> };
  (w.__i18nMissing ??= new Set()).add(text);
};

const fill = (text: string, vars?: Vars): string =>
  vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;

/** The text in the language shown now: `t('Pre-book {code}', { code })`. */
export const t = (text: string, vars?: Vars): string => {
  const lang = currentLang();
  if (lang === 'en') return fill(text, vars);
  const translated = catalogues[lang]?.texts[text];
  if (translated === undefined) missing(text);
  return fill(translated ?? text, vars);
};

/** `plural(n, '{n} deal', '{n} deals')`: the form the language's plural rules pick, with `{n}` filled. */
export const plural = (n: number, one: string, other: string, vars?: Vars): string =>
  t(new Intl.PluralRules(currentLocale()).select(n) === 'one' ? one : other, {
    n: n.toLocaleString(currentLocale()),
    ...vars,
  });

/** A server error's words in the language shown now, from its stable code (else its English message). */
export const errorText = (code: string, message: string, details?: Record<string, unknown>): string => {
  const lang = currentLang();
  if (lang === 'en') return message;
  const byCode = catalogues[lang]?.errors[code];
  if (byCode === undefined) return t(message);
  const text = fill(byCode, details as Vars | undefined);
  // The payment went to the wallet (api/wallet/returns.ts): said in the member's language too.
  return details?.returnedToWallet === true ? `${text} ${t('The amount has been added to your wallet.')}` : text;
};

/** The language as React state: components that read it re-render on a switch. */
export const useLang = (): Lang => useLangStore((s) => s.lang);
