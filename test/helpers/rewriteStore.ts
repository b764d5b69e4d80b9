import Database from 'better-sqlite3';
import { sealEvents } from '../../api/store/hashChain.ts';
import type { EventMetadata } from '../../engine/eventStore.ts';

/**
 * What an operator with the database file could do: rewrite a stream of a stopped embedded store
 * and chain it again with fresh, correct hashes, so every per-stream check passes.
 */
export const rewriteStream = (
  eventsDbPath: string,
  stream: string,
  change: (event: { revision: number; type: string; data: Record<string, unknown> }) => Record<string, unknown>,
): void => {
  const db = new Database(eventsDbPath);
  try {
    const rows = db
      .prepare<[string], { id: string; revision: number; type: string; data: string; metadata: string }>(
        'SELECT id, revision, type, data, metadata FROM events WHERE stream = ? ORDER BY revision',
      )
      .all(stream);
    if (rows.length === 0) throw new Error(`no stream ${stream}`);
    const sealed = sealEvents(
      stream,
      -1,
      null,
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        data: change({ revision: r.revision, type: r.type, data: JSON.parse(r.data) as Record<string, unknown> }),
        metadata: JSON.parse(r.metadata) as EventMetadata,
      })),
    );
    const update = db.prepare('UPDATE events SET data = ?, metadata = ? WHERE id = ?');
    db.transaction(() => {
      for (const e of sealed) update.run(JSON.stringify(e.data), JSON.stringify(e.metadata), e.id);
      db.prepare('UPDATE streams SET hash = ? WHERE stream = ?').run(sealed.at(-1)!.metadata.hash, stream);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
};
