import type {
  EventView,
  Receipt,
  StreamCategory,
  StreamList,
  StreamPage,
  StreamRow,
  VerifyView,
} from '../../../../api/contract/audit.ts';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { api } from '../../lib/api.ts';

/** Calls and shapes of the audit API (`/api/admin/streams`, verify, export, receipts). */

export type { EventView, Receipt, StreamCategory, StreamList, StreamPage, StreamRow, VerifyView };

export const streamListPath = (q: { category?: string; search?: string; offset?: number; limit?: number }) => {
  const params = new URLSearchParams();
  if (q.category) params.set('category', q.category);
  if (q.search?.trim()) params.set('search', q.search.trim());
  if (q.offset) params.set('offset', String(q.offset));
  params.set('limit', String(q.limit ?? 50));
  return `/api/admin/streams?${params.toString()}`;
};

export const streamPagePath = (stream: string, from?: number, limit = 50) =>
  `/api/admin/streams/${encodeURIComponent(stream)}?limit=${limit}${from === undefined ? '' : `&from=${from}`}`;

export const exportPath = (q: { stream?: string; category?: string; all?: boolean }) =>
  q.stream
    ? `/api/admin/export?stream=${encodeURIComponent(q.stream)}`
    : q.category
      ? `/api/admin/export?category=${encodeURIComponent(q.category)}`
      : '/api/admin/export?all=1';

export const verifyStream = (stream: string) =>
  api<VerifyView>(`/api/admin/streams/${encodeURIComponent(stream)}/verify`);

/** An event as the replay folds it: the stored data and metadata, nothing masked (rooms and leagues hold no secrets). */
export const toReplayEvent = (e: EventView): ReplayEvent => ({
  id: e.id,
  revision: e.revision,
  type: e.type,
  data: e.data,
  metadata: e.metadata as ReplayEvent['metadata'],
});

/** Every event of a stream, page by page, in revision order. */
export const fetchAllEvents = async (stream: string, signal?: AbortSignal): Promise<ReplayEvent[]> => {
  const events: ReplayEvent[] = [];
  for (let from: number | null = 0; from !== null;) {
    const page: StreamPage = await api<StreamPage>(streamPagePath(stream, from, 500), { signal });
    events.push(...page.events.map(toReplayEvent));
    from = page.next_from;
  }
  return events;
};

export const shortHash = (hash: string) => `${hash.slice(0, 10)}…`;

/** The replay screen of a stream, when it has one. */
export const replayPathOf = (stream: string): string | null => {
  const m = /^(room|league)-(.+)$/.exec(stream);
  if (!m) return null;
  return m[1] === 'room' ? `/admin/rooms/${m[2]}/replay` : `/admin/leagues/${m[2]}/replay`;
};
