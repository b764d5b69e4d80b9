import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '../../engine/eventStore.ts';

export const testMetadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  at: '2026-11-22T10:00:00.000Z',
  actor: 'system',
  correlationId: randomUUID(),
  causationId: null,
  schema: 1,
  ...overrides,
});

export const testEvent = (type: string, data: unknown = {}, id: string = randomUUID()): NewEvent => ({
  id,
  type,
  data,
  metadata: testMetadata(),
});

export const uniqueStream = (category = 'test'): string => `${category}-${randomUUID().replace(/-/g, '').slice(0, 12)}`;

export const waitUntil = async (check: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
