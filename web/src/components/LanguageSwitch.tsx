import { LANGS, setLang, t, useLang } from '../i18n/index.ts';

/**
 * English ⇄ தமிழ் in the header: one button naming the other language in its own script (a reader
 * who cannot read the current one still finds their own). The choice is kept.
 */
export const LanguageSwitch = ({ className = 'lang-switch' }: { className?: string }) => {
  const lang = useLang();
  const other = LANGS.find((l) => l.code !== lang)!;
  return (
    <button
      type="button"
      className={className}
      lang={other.code}
      aria-label={t('Language: {name}. Switch to {other}', {
        name: LANGS.find((l) => l.code === lang)!.name,
        other: other.name,
      })}
      onClick={() => void setLang(other.code)}
      translate="no"
      data-testid="lang-switch"
    >
      {other.name}
    </button>
  );
};
