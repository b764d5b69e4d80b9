import { createHash, randomUUID } from 'node:crypto';

/** A UUID derived from a key: the same key always gives the same id (idempotent re-appends). */
export const deterministicUuid = (key: string): string => {
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const newId = (): string => randomUUID();
