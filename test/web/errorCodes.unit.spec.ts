import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errors } from '../../web/src/i18n/ta/errors.ts';

/**
 * The untranslated check for server errors: every stable code the server can answer with (a
 * `DomainError`, an `ApiError`, the helpers that make them, the `code` of the store's and the
 * error handler's own answers) has Tamil in `web/src/i18n/ta/errors.ts`, so a Tamil reader never
 * sees the English message of a refusal.
 */
const ROOTS = ['engine', 'api', 'projections'];
const CODE = String.raw`['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)['"]`;
const PATTERNS = [
  // new DomainError('CODE', …), new ApiError(400, 'CODE', …), fail('CODE', …) / fail(400, 'CODE', …), roomError('CODE'), …
  new RegExp(
    String.raw`\b(?:new\s+(?:DomainError|ApiError)|fail|\w+Error|waitMinutes)\(\s*(?:\d+\s*,\s*)?` + CODE,
    'g',
  ),
  // { code: 'CODE' } answers, `readonly code = 'CODE'` on error classes
  new RegExp(String.raw`\bcode(?::|\s*=)\s*` + CODE, 'g'),
  // status === 413 ? 'PAYLOAD_TOO_LARGE' : … in the error handler
  new RegExp(String.raw`\?\s*` + CODE + String.raw`\s*:`, 'g'),
];
/** Capitalised strings the scan also finds that are not error codes (a payout mode). */
const NOT_CODES = new Set<string>(['UPI']);

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });

/** Every error code in the server's sources, with the files that raise it. */
const serverErrorCodes = (): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  for (const file of ROOTS.flatMap(sources)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS)
      for (const m of text.matchAll(pattern)) {
        const code = m[1]!;
        if (NOT_CODES.has(code)) continue;
        found.set(code, [...new Set([...(found.get(code) ?? []), file])]);
      }
    // The code → message maps (ROOM_MESSAGES, WALLET_MESSAGES, …) name their codes as keys.
    for (const block of text.matchAll(/_MESSAGES = \{([\s\S]*?)\n\}/g))
      for (const m of block[1]!.matchAll(/^\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):/gm))
        found.set(m[1]!, [...new Set([...(found.get(m[1]!) ?? []), file])]);
  }
  return found;
};

describe('server error codes in Tamil', () => {
  it('finds the codes (the scan still works)', () => {
    const codes = serverErrorCodes();
    for (const known of ['ROOM_FULL', 'OTP_RESEND_TOO_SOON', 'VALIDATION', 'CONFLICT', 'INSUFFICIENT_FUNDS'])
      expect(codes.has(known), known).toBe(true);
    expect(codes.size).toBeGreaterThan(100);
  });

  it('every code the server can answer with has Tamil in web/src/i18n/ta/errors.ts', () => {
    const missing = [...serverErrorCodes()]
      .filter(([code]) => errors[code] === undefined)
      .map(([code, files]) => `${code} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every Tamil entry is Tamil, and names a code the server still has', () => {
    const codes = serverErrorCodes();
    for (const [code, tamil] of Object.entries(errors)) {
      expect(tamil.trim(), code).not.toBe('');
      expect(/[\u0B80-\u0BFF]/.test(tamil), `${code} is not Tamil`).toBe(true);
      expect(codes.has(code), `${code} is raised nowhere any more`).toBe(true);
    }
  });
});
