import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../api/config.ts';
import { openEventStore } from '../api/store/index.ts';
import { verifyChain } from '../api/store/hashChain.ts';
import { checkRoomRules } from '../engine/roomAudit.ts';
import type { Decider, Message } from '../engine/decider.ts';
import { streamCategory } from '../engine/eventStore.ts';
import type { LeagueState } from '../engine/league.ts';
import { leagueDecider } from '../engine/league.ts';
import type { ReplayEvent, ReplayStep } from '../engine/replay.ts';
import { actorLabel, leagueAt, replaySteps, roomPricePoints, roomAt } from '../engine/replay.ts';
import type { RoomState } from '../engine/room.ts';
import { roomDecider } from '../engine/room.ts';
import type { WalletState } from '../engine/wallet.ts';
import { walletDecider } from '../engine/wallet.ts';
import { userDecider } from '../engine/user.ts';
import { orderDecider } from '../engine/order.ts';
import { productDecider } from '../engine/product.ts';
import { referralDecider } from '../engine/referral.ts';
import { cartDecider } from '../engine/cart.ts';
import { formatCountdown, formatRupees, formatTime, formatDate } from '../web/src/lib/format.ts';

const usage = `Usage:
  npm run replay -- room-ABC123                         the state after every event, from the event store
  npm run replay -- --file room-ABC123.ndjson           the same from an exported file (offline)
  npm run replay -- --file export.ndjson league-APL2026 one stream of a file holding several`;

type Folder = Pick<Decider<Message, Message, unknown>, 'initialState' | 'evolve'>;

/** Any stream's decider as a fold over the events read back from the log. */
const folder = <E extends Message, S>(d: Pick<Decider<never, E, S>, 'initialState' | 'evolve'>): Folder => ({
  initialState: d.initialState,
  evolve: (state, event) => d.evolve(state as S, event as E),
});

const rupees = (paise: number | null) => (paise === null ? '-' : formatRupees(paise));

const roomLine = (step: ReplayStep<RoomState>): string => {
  const s = roomAt(step.state, step.at);
  const parts: string[] = [s.status, `price ${rupees(s.price)}`];
  if (s.leader) parts.push(`leader ${s.leader.userName}`);
  if (s.timeLeftMs !== null)
    parts.push(`${formatCountdown(s.timeLeftMs)} ${s.status === 'upcoming' ? 'to start' : 'left'}`);
  if (s.attempts.length)
    parts.push(`attempts ${s.attempts.map((a) => `${a.userName} ${a.used}/${s.maxAttempts}`).join(', ')}`);
  if (s.winner) parts.push(`WINNER ${s.winner.userName}`);
  return parts.join(' · ');
};

const leagueLine = (step: ReplayStep<LeagueState>): string => {
  const s = leagueAt(step.state, step.at);
  const parts: string[] = [s.status];
  if (s.player) parts.push(`${s.player.name} (${s.player.role}, round ${s.player.round})`);
  if (s.currentBid !== null) parts.push(`bid ${s.currentBid}`);
  if (s.leader) parts.push(`leader ${s.leader.name}`);
  parts.push(`sold ${s.sold}, unsold ${s.unsold}, to go ${s.pending}`);
  return parts.join(' · ');
};

const walletLine = (step: ReplayStep<WalletState>) =>
  `cash ${rupees(step.state.cash)} · reward cash ${rupees(step.state.rewardCash)}`;

const genericLine = (step: ReplayStep<unknown>) => {
  const status = (step.state as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : JSON.stringify(step.state).slice(0, 100);
};

const kinds: Record<string, { decider: Folder; line: (step: ReplayStep<never>) => string }> = {
  room: { decider: folder(roomDecider), line: roomLine },
  league: { decider: folder(leagueDecider), line: leagueLine },
  wallet: { decider: folder(walletDecider), line: walletLine },
  user: { decider: folder(userDecider), line: genericLine },
  order: { decider: folder(orderDecider), line: genericLine },
  product: { decider: folder(productDecider), line: genericLine },
  referral: { decider: folder(referralDecider), line: genericLine },
  cart: { decider: folder(cartDecider), line: genericLine },
};

/** The lines `npm run replay` prints for one stream's events. */
export const replayReport = (stream: string, events: readonly ReplayEvent[]): string[] => {
  const out: string[] = [];
  const kind = kinds[streamCategory(stream)];
  out.push(`Replay of ${stream}: ${events.length} event(s), times in India (IST)`);
  if (!kind) out.push(`(no decider for "${streamCategory(stream)}" streams: events only)`);
  const steps = kind ? replaySteps(kind.decider, events) : null;
  events.forEach((e, i) => {
    const at = Date.parse(e.metadata.at);
    const head = `#${String(e.revision).padStart(3)}  ${formatDate(at)} ${formatTime(at, { ms: true })}  ${e.type.padEnd(22)} by ${actorLabel(e.metadata.actor)}`;
    out.push(head);
    if (kind && steps) out.push(`        → ${kind.line(steps[i] as never)}`);
  });
  if (kind && steps && streamCategory(stream) === 'room') {
    const last = steps[steps.length - 1]?.state as RoomState | undefined;
    const bids = roomPricePoints(events).filter((p) => p.bidder);
    if (last?.status === 'ended') {
      const lastBid = bids[bids.length - 1];
      out.push(
        last.ended.winner
          ? `Winner: ${last.ended.winner.userName} at ${rupees(last.ended.finalPrice)}; the last accepted deal was #${lastBid?.seq} by ${lastBid?.bidder?.userName} at ${rupees(lastBid?.price ?? null)}.`
          : 'Ended without any deal: every entry fee was refunded.',
      );
    }
  }
  const chain = verifyChain(events.map((e) => ({ ...e, streamName: stream, metadata: e.metadata as never })));
  out.push(
    chain.ok
      ? `Hash chain intact; last hash ${chain.lastHash}`
      : `Hash chain BROKEN at revision ${chain.badRevision} (event ${chain.badEventId}): ${chain.reason}`,
  );
  if (streamCategory(stream) === 'room') {
    const rules = checkRoomRules(events);
    out.push(
      rules.ok
        ? `Room rules followed by all ${rules.events} event(s)`
        : `Room rules BROKEN at revision ${rules.revision} (event ${rules.id}): ${rules.type} ${rules.reason}. The result above is not a valid outcome of this room.`,
    );
  }
  return out;
};

/** True when the report found a broken chain or a broken rule. */
const reportFailed = (lines: readonly string[]) => lines.some((l) => / BROKEN at /.test(l));

const readFileStream = async (path: string, wanted: string | undefined) => {
  const events: ReplayEvent[] = [];
  const streams = new Set<string>();
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as (ReplayEvent & { stream?: string }) | { manifest: unknown };
    if ('manifest' in line) continue;
    if (!line.stream) continue;
    streams.add(line.stream);
    if (!wanted || line.stream === wanted) events.push(line);
  }
  return { events, streams: [...streams] };
};

export const runReplay = async (args: string[]): Promise<number> => {
  const fileAt = args.indexOf('--file');
  const file = fileAt === -1 ? undefined : args[fileAt + 1];
  const stream = args.find((a, i) => !a.startsWith('--') && (fileAt === -1 || i !== fileAt + 1));
  if (args.includes('--help') || (!file && !stream)) {
    console.log(usage);
    return args.includes('--help') ? 0 : 2;
  }
  let events: ReplayEvent[];
  let name = stream;
  if (file) {
    const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
    if (!existsSync(path)) {
      console.log(`No such file: ${path}`);
      return 2;
    }
    const read = await readFileStream(path, stream);
    if (!stream && read.streams.length > 1) {
      console.log(
        `${file} holds ${read.streams.length} streams; name one, e.g. npm run replay -- --file ${file} ${read.streams[0]}`,
      );
      return 2;
    }
    name = stream ?? read.streams[0];
    events = read.events;
  } else {
    const store = await openEventStore(loadConfig());
    try {
      events = await store.readStream(stream!);
    } finally {
      await store.close();
    }
  }
  if (!name || events.length === 0) {
    console.log(`No events for ${name ?? 'that stream'}.`);
    return 1;
  }
  const report = replayReport(name, events);
  for (const line of report) console.log(line);
  return reportFailed(report) ? 1 : 0;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runReplay(process.argv.slice(2));
}
