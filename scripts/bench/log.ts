import Database from 'better-sqlite3';
import type { BenchContext } from './harness.ts';
import { rate, timed } from './harness.ts';
import { sealEvents } from '../../api/store/hashChain.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { roomHistory } from './history.ts';
import { openReadDb } from '../../projections/db.ts';
import { rebuildInto } from '../rebuild.ts';

/** Fills an embedded store file with `target` events of finished deal rooms (sealed, hash-chained), in bulk. */
export const fillLog = async (ctx: BenchContext, path: string, target: number): Promise<number> => {
  const store = openSqliteStore({ path });
  await store.close();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const head = db.prepare('INSERT INTO streams (stream, revision, hash, position) VALUES (?, ?, ?, ?)');
  const template = roomHistory('TMPL01');
  let written = 0;
  let room = 0;
  const writeRooms = db.transaction((count: number) => {
    for (let r = 0; r < count && written < target; r++, room++) {
      const code = `B${room.toString(36).toUpperCase().padStart(5, '0')}`;
      const events = sealEvents(
        null,
        template.map((e, i) => ({
          ...e,
          id: `${code}-${i}`,
          data: e.type === 'RoomCreated' ? { ...(e.data as object), code } : e.data,
        })),
      );
      let position = 0;
      events.forEach((e, revision) => {
        position = Number(
          insert.run(e.id, `room-${code}`, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata))
            .lastInsertRowid,
        );
      });
      head.run(`room-${code}`, events.length - 1, events.at(-1)!.metadata.hash, position);
      written += events.length;
    }
  });
  while (written < target) {
    writeRooms(200);
    if (room % 2000 === 0)
      ctx.log(`log: ${written.toLocaleString('en-IN')} / ${target.toLocaleString('en-IN')} events`);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return written;
};

/** Projection rebuild against a raw sequential read of the same log. */
export const rebuildFigure = async (ctx: BenchContext, logPath: string, events: number) => {
  const raw = new Database(logPath, { readonly: true });
  const read = await timed(() => {
    let n = 0;
    for (const row of raw
      .prepare<[], { data: string; metadata: string }>('SELECT * FROM events ORDER BY position')
      .iterate()) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
      n++;
    }
    return n;
  });
  raw.close();
  const store = openSqliteStore({ path: logPath });
  const readPath = ctx.scratch('read.db');
  const db = openReadDb(readPath);
  const rebuilt = await timed(() =>
    rebuildInto(store, db, { onProgress: (p, h) => p % 100_000 < 5000 && ctx.log(`rebuild: ${p} / ${h}`) }),
  );
  db.sqlite.close();
  await store.close();
  const readRate = rate(read.result, read.ms);
  const rebuildRate = rate(rebuilt.result, rebuilt.ms);
  return {
    readPath,
    figure: {
      name: `projection rebuild of ${events.toLocaleString('en-IN')} events`,
      value: rebuildRate,
      unit: 'events/s',
      baseline: { name: 'raw sequential read (rows + JSON.parse)', value: readRate, unit: 'events/s' },
      ratio: rebuildRate / readRate,
      target: '≥ 0.5',
      met: rebuildRate / readRate >= 0.5,
    },
  };
};
