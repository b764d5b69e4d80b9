import { currentLang, errorText, t, type Vars } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';

/** "12.50" (rupees, from a number field) → 1250 paise; NaN when empty or not a number. */
export const rupeesToPaise = (text: string): number => {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
};

/** "fresh Chennai mangoes!" → "fresh-chennai-mangoes". */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/** A `datetime-local` value ("2025-11-22T19:30") read as India time → epoch ms; NaN when empty. */
export const istLocalToMs = (value: string): number =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)
    ? Date.parse(`${value}${value.length === 16 ? ':00' : ''}+05:30`)
    : Number.NaN;

/** Epoch ms → a `datetime-local` value in India time. */
export const msToIstLocal = (ms: number): string => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16);

export const IMAGE_MAX_BYTES = 1_000_000;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Why an image file cannot be uploaded, or null when it can. */
export const imageProblem = (file: File | null): string | null => {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return t('Only image files can be uploaded.');
  if (!IMAGE_TYPES.includes(file.type)) return t('Use a PNG, JPEG, GIF or WebP image.');
  if (file.size > IMAGE_MAX_BYTES)
    return t('Images must be at most {kb} KB.', { kb: Math.floor(IMAGE_MAX_BYTES / 1000) });
  return null;
};

/**
 * The message for a failed admin call: the server's words (translated by their code), else `fallback`,
 * else "❌ Server error" on no answer. Callers pass their texts already through `t()`.
 */
export const adminError = (error: unknown, fallback: string, network = t('❌ Server error')): string => {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return network;
    return error.message && error.message !== 'Server error'
      ? errorText(error.code, error.message, error.details)
      : fallback;
  }
  return error instanceof Error && error.message ? t(error.message) : fallback;
};

/**
 * A server's words on success (they carry no code): as sent when English is shown, else the same
 * sentence from the catalogue, filled from what the screen knows (`english` is the server's sentence
 * with `{placeholders}`).
 */
export const serverSaid = (message: string, english: string, vars?: Vars): string =>
  currentLang() === 'en' ? message : t(english, vars);
