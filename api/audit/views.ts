import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import type { EventRef } from '../../projections/eventIndex.ts';
import { eventRefById, eventsCausedBy, eventsCorrelated } from '../../projections/eventIndex.ts';
import type { StreamVerdict } from '../store/verify.ts';
import type { SignedLogVerdict } from '../transparency/streamProof.ts';
import type { EventView, VerifyView } from '../contract/audit.ts';

/** Shapes of the auditor API (`/api/admin/streams`, verify, export). */

/** Fields that hold secrets' hashes: shown masked on screen (the stored event, its hash and exports keep them). */
const SECRET_KEYS = new Set(['passwordHash', 'sessionHash', 'codeHash', 'tokenHash', 'proofHash']);
export const MASK = '•••••• (hidden on screen; included in the hash check and in exports)';

/** A copy of `value` with secret fields masked, and the paths that were masked. */
export const maskSecrets = (value: unknown, path = 'data'): { value: unknown; masked: string[] } => {
  if (Array.isArray(value)) {
    const masked: string[] = [];
    const out = value.map((v, i) => {
      const r = maskSecrets(v, `${path}[${i}]`);
      masked.push(...r.masked);
      return r.value;
    });
    return { value: out, masked };
  }
  if (value && typeof value === 'object') {
    const masked: string[] = [];
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(k) && typeof v === 'string') {
        out[k] = MASK;
        masked.push(`${path}.${k}`);
      } else {
        const r = maskSecrets(v, `${path}.${k}`);
        out[k] = r.value;
        masked.push(...r.masked);
      }
    }
    return { value: out, masked };
  }
  return { value, masked: [] };
};

export const toEventView = (db: ReadDb, e: RecordedEvent): EventView => {
  const { value: data, masked } = maskSecrets(e.data);
  const { correlationId, causationId } = e.metadata;
  const causedBy = typeof causationId === 'string' ? (eventRefById(db, causationId) ?? null) : null;
  const correlated =
    typeof correlationId === 'string' ? eventsCorrelated(db, correlationId, 21) : { events: [], total: 0 };
  const others = correlated.events.filter((r: EventRef) => r.id !== e.id).slice(0, 20);
  return {
    id: e.id,
    stream: e.streamName,
    revision: e.revision,
    position: e.position,
    type: e.type,
    at: e.metadata.at,
    actor: e.metadata.actor,
    hash: e.metadata.hash,
    prev_hash: e.metadata.prevHash,
    data,
    metadata: e.metadata,
    masked,
    links: {
      caused_by: causedBy,
      causes: eventsCausedBy(db, e.id),
      correlated: others,
      correlated_total: Math.max(0, correlated.total - (correlated.events.some((r) => r.id === e.id) ? 1 : 0)),
    },
  };
};

/**
 * The chain check, plus a comparison with what the streams read model saw when the events were
 * appended: a removed last event, or a whole chain rewritten with fresh hashes, shows up there.
 */
export const toVerifyView = (
  v: StreamVerdict,
  recorded: { eventCount: number; lastHash: string } | undefined,
  signed: SignedLogVerdict,
): VerifyView => {
  const rec = recorded ? { events: recorded.eventCount, last_hash: recorded.lastHash } : null;
  const signedLog = {
    head_size: signed.head,
    signed_events: signed.signed,
    log_intact: signed.logIntact,
    message:
      signed.head === null
        ? 'No tree head has been signed yet.'
        : !signed.ok
          ? signed.bad.revision < 0
            ? `Not as signed: ${signed.bad.reason}.`
            : `Event ${signed.bad.id} at revision ${signed.bad.revision} is ${signed.bad.reason}.`
          : `${signed.signed} of its events are in the signed head of ${signed.head} events, each as it was signed.` +
            (signed.logIntact
              ? ''
              : ' But the log as a whole no longer has the signed root: events elsewhere were changed or removed after they were signed.'),
  };
  // Whichever problem comes first in the stream is named: a chain or rule break, or an event not as signed.
  if (!v.ok && (signed.ok || (signed.bad.revision >= 0 && v.badRevision <= signed.bad.revision))) {
    return {
      stream: v.stream,
      ok: false,
      events: v.events,
      last_hash: null,
      bad_event: { id: v.badEventId, revision: v.badRevision, reason: v.reason },
      recorded: rec,
      signed_log: signedLog,
      message: `Event ${v.badEventId} at revision ${v.badRevision}: ${v.reason}.`,
    };
  }
  const lastHash = v.ok ? v.lastHash : null;
  const base = { stream: v.stream, events: v.events, last_hash: lastHash, recorded: rec, signed_log: signedLog };
  if (!signed.ok) {
    return { ...base, ok: false, bad_event: signed.bad, message: signedLog.message };
  }
  if (!v.ok) throw new Error('unreachable: a chain failure is named above');
  if (rec && rec.events > v.events) {
    const missing = rec.events - v.events;
    return {
      ...base,
      ok: false,
      bad_event: { id: '(removed)', revision: v.events, reason: `the last ${missing} event(s) are missing` },
      message: `${rec.events} events were recorded (last hash ${rec.last_hash}) but the log now holds ${v.events}: the last ${missing} event(s) were removed.`,
    };
  }
  if (rec && rec.events === v.events && rec.last_hash !== v.lastHash) {
    return {
      ...base,
      ok: false,
      bad_event: { id: '(rewritten)', revision: v.events - 1, reason: 'the chain was rewritten with new hashes' },
      message: `The chain is consistent but ends in ${lastHash}, not the ${rec.last_hash} recorded when it was written: it was rewritten.`,
    };
  }
  return {
    ...base,
    ok: true,
    bad_event: null,
    message: `${v.events} events, every hash checks out, last hash ${lastHash}. ${signedLog.message}`,
  };
};
