import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { createManualClock } from '../../api/clock.ts';
import type { Ack, AplClientToServerEvents, AplServerToClientEvents, AplSnapshot } from '../../api/contract/index.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import { waitUntil } from '../helpers/events.ts';
import { runLeague } from '../../api/league/commands.ts';
import type { Admin } from '../../engine/league.ts';
import { LEAGUE_MESSAGES, leagueCode } from '../../engine/league.ts';
import { leagueByCode } from '../../projections/league.ts';
import { userByEmail } from '../../projections/users.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

type AplSocket = Socket<AplServerToClientEvents, AplClientToServerEvents>;
type Received = { event: string; payload: Record<string, unknown> };

const PASSWORD = 'Member@123';
const clock = createManualClock('2026-11-22T12:00:00.000Z');
let server: TestServer;
const sockets: AplSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.stop();
});

/** A member on a real `/apl` socket, with everything the server sent them. */
const member = async (email: string, password = PASSWORD) => {
  const http = await loggedIn(server, email, password);
  const socket: AplSocket = connect(`${server.url}/apl`, {
    transports: ['websocket'],
    extraHeaders: { cookie: http.cookie ?? '' },
    reconnection: false,
  });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ask = <T>(event: keyof AplClientToServerEvents, payload: unknown): Promise<Ack<T>> =>
    new Promise((resolve) => (socket.emit as (...a: unknown[]) => void)(event, payload, resolve));
  const last = (event: string) => [...received].reverse().find((r) => r.event === event)?.payload;
  const waitFor = async (event: string, match: (p: Record<string, unknown>) => boolean = () => true) => {
    await waitUntil(() => received.some((r) => r.event === event && match(r.payload)), 5000, event);
    return [...received].reverse().find((r) => r.event === event && match(r.payload))!.payload;
  };
  return { http, socket, received, ask, last, waitFor };
};

const bid = (m: Awaited<ReturnType<typeof member>>, payload: unknown = {}) =>
  m.ask<{ currentBid: number }>('apl_place_bid', payload);
/** An accepted bid's ack: its price and the server's signed acknowledgement of it in the log. */
const accepted = (currentBid: number) => ({
  ok: true,
  data: {
    currentBid,
    proof: expect.objectContaining({ v: 1, stream: expect.stringMatching(/^league-/) as string }) as unknown,
  },
});
const refused = (code: string, message?: string) => ({
  ok: false,
  error: message ? { code, message } : (expect.objectContaining({ code }) as unknown),
});

describe('a league auction over real sockets', () => {
  let admin: Client;
  let tightOwnerTeam = 0;

  it('is set up by the admin over HTTP, with a CSV of teams and per-row errors', async () => {
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    expect((await admin.call('POST', '/api/admin/leagues', { code: 'test1', name: 'Thanjavur Club Cup' })).status).toBe(
      200,
    );
    const bad = await admin.call('POST', '/api/admin/leagues/TEST1/import', {
      kind: 'teams',
      csv: 'Team Name,Owner Email,Points Budget,Max Players\nAlpha,nobody@vetrideals.in,300,3\nBeta,member2@vetrideals.in,50,3\n',
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      error: {
        code: 'INVALID_ROWS',
        details: {
          rows: [
            { row: 1, message: 'No member with the email nobody@vetrideals.in.' },
            { row: 2, message: 'Points budget must be a whole number of at least 90 (max players × 30).' },
          ],
        },
      },
    });
    const good = await admin.call<AplSnapshot>('POST', '/api/admin/leagues/TEST1/import', {
      kind: 'teams',
      csv: 'team_name,owner_email,points_budget,max_players\nAlpha,member1@vetrideals.in,300,3\nBeta,member2@vetrideals.in,300,3\n"Gamma, Tight",member3@vetrideals.in,100,3\n',
    });
    expect(good.status).toBe(200);
    expect(good.body.teams.map((t) => t.team_name)).toEqual(['Alpha', 'Beta', 'Gamma, Tight']);
    tightOwnerTeam = good.body.teams[2]!.id;
    const players = await admin.call('POST', '/api/admin/leagues/TEST1/players', {
      players: [
        { name: 'Kishore Annamalai', role: 'Batter', base_price: 30 },
        { name: 'Dinesh Babu', role: 'Bowler', base_price: 50 },
        { name: 'Ashwath Raman', role: 'Wicket-keeper', base_price: 30 },
      ],
    });
    expect(players.status).toBe(200);
    await admin.call('POST', '/api/admin/leagues/TEST1/players', {
      players: [{ name: 'Extra Player', role: 'Bowler', base_price: 40 }],
    });
    const removed = await admin.call<AplSnapshot>('DELETE', '/api/admin/leagues/TEST1/players/4');
    expect(removed.body.players.map((p) => p.name)).toEqual(['Kishore Annamalai', 'Dinesh Babu', 'Ashwath Raman']);
    const member = await loggedIn(server, 'member5@vetrideals.in', PASSWORD);
    expect((await member.call('POST', '/api/admin/leagues', { code: 'NOPE1', name: 'Not allowed' })).status).toBe(403);
    expect((await member.call('GET', '/api/leagues')).body).toMatchObject({
      leagues: expect.arrayContaining([
        expect.objectContaining({ code: 'TEST1', name: 'Thanjavur Club Cup', owners: 3, players: 3 }),
      ]) as unknown,
    });
    expect((await member.call('GET', '/api/leagues/TEST1/my-team')).body).toEqual({ success: true, team: null });
    expect((await member.call('DELETE', '/api/admin/leagues/TEST1/players/1')).status).toBe(403);
  });

  it('runs: refusals, a purse-guard refusal, a sale, an unsold player back in round two, and the finish', async () => {
    const boss = await member(ADMIN.email, ADMIN.password);
    const a = await member('member1@vetrideals.in');
    const b = await member('member2@vetrideals.in');
    const c = await member('member3@vetrideals.in');
    const watcher = await member('member5@vetrideals.in');
    for (const m of [boss, a, b, c, watcher])
      expect((await m.ask<AplSnapshot>('apl_join_auction', { roomCode: 'TEST1' })).ok).toBe(true);
    const joined = await c.ask<AplSnapshot>('apl_join_auction', { roomCode: 'test1', team_id: 1 });
    expect(joined.ok && joined.data).toMatchObject({
      myTeam: { team_id: tightOwnerTeam, team_name: 'Gamma, Tight' },
      isAdmin: false,
      lot: null,
    });
    expect(await watcher.ask('apl_join_auction', { roomCode: 'NOSUCH' })).toEqual(
      refused('LEAGUE_NOT_FOUND', 'League not found.'),
    );

    expect(await bid(a)).toEqual(refused('NO_PLAYER_UNDER_AUCTION', 'No auction in progress.'));
    expect(await a.ask('apl_start_auction', {})).toEqual(refused('FORBIDDEN'));
    expect(await boss.ask('apl_start_auction', {})).toEqual({ ok: true, data: { started: true } });
    const start = await watcher.waitFor('apl_auction_start');
    expect(start).toMatchObject({
      player: { name: 'Kishore Annamalai', status: 'live' },
      currentBid: 30,
      deadline: clock.now() + 30_000,
      round: 1,
    });
    await watcher.waitFor('apl_auction_timer', (p) => p.remainingTime === 30);

    expect(await bid(watcher)).toEqual(refused('VIEW_ONLY', 'You are in view-only mode.'));
    expect(await bid(c, { team_id: 1, team_name: 'Alpha' })).toEqual(accepted(35));
    expect(await watcher.waitFor('apl_bid_update', (p) => p.currentBid === 35)).toMatchObject({
      highestBidder: { team_id: tightOwnerTeam, team_name: 'Gamma, Tight' },
    });
    clock.advance(10_000);
    expect(await bid(a, { bidAmount: 40 })).toEqual(accepted(40));
    expect(await bid(a)).toEqual(refused('ALREADY_HIGHEST', 'You are already the highest bidder.'));
    expect(await bid(b, { bidAmount: 40 })).toEqual(refused('BID_STALE'));
    // Gamma has 100 points for 3 slots: after 45 it would keep 55 < 60 for the two other slots.
    expect(await bid(c)).toEqual(refused('PURSE_GUARD'));
    expect(await bid(b)).toEqual(accepted(45));
    expect(await b.waitFor('apl_bid_update', (p) => p.currentBid === 45)).toMatchObject({
      deadline: clock.now() + 30_000,
    });

    clock.advance(30_000);
    const sold = await watcher.waitFor('apl_player_sold');
    expect(sold).toMatchObject({
      player: { name: 'Kishore Annamalai', status: 'sold', sold_team_name: 'Beta', final_bid: 45 },
      team: { team_name: 'Beta' },
    });
    await watcher.waitFor('apl_wait_for_admin');
    expect(watcher.last('apl_teams_update')).toMatchObject({
      teams: expect.arrayContaining([
        expect.objectContaining({ team_name: 'Beta', remaining_points: 255, current_players_count: 1 }),
      ]) as unknown,
    });

    expect(await boss.ask('apl_start_auction', {})).toEqual({ ok: true, data: { started: true } });
    await watcher.waitFor('apl_auction_start', (p) => (p.player as { name: string }).name === 'Dinesh Babu');
    clock.advance(30_000);
    expect(await watcher.waitFor('apl_player_sold', (p) => p.team === null)).toMatchObject({
      player: { name: 'Dinesh Babu', status: 'unsold' },
    });

    await boss.ask('apl_start_auction', {});
    await watcher.waitFor('apl_auction_start', (p) => (p.player as { name: string }).name === 'Ashwath Raman');
    expect(await bid(c)).toEqual(accepted(35));
    clock.advance(30_000);
    await watcher.waitFor('apl_player_sold', (p) => (p.player as { name: string }).name === 'Ashwath Raman');

    expect(await boss.ask('apl_start_auction', {})).toEqual({ ok: true, data: { started: true } });
    expect(await watcher.waitFor('apl_auction_start', (p) => p.round === 2)).toMatchObject({
      player: { name: 'Dinesh Babu' },
      currentBid: 50,
    });
    expect(await bid(a)).toEqual(accepted(55));
    clock.advance(30_000);
    expect(await watcher.waitFor('apl_auction_end')).toMatchObject({
      message: 'Auction Finished! No more unsold players.',
    });
    expect(await boss.ask('apl_start_auction', {})).toEqual(
      refused('AUCTION_FINISHED', 'Auction Finished! No more unsold players.'),
    );
    expect((await admin.call('DELETE', '/api/admin/leagues/TEST1/teams/1')).body).toMatchObject({
      error: { code: 'AUCTION_STARTED', message: 'Teams can only be removed before the auction starts.' },
    });

    const teams = await a.http.call<{
      teams: { team_name: string; remaining_points: number; current_players_count: number }[];
    }>('GET', '/api/leagues/TEST1/teams');
    expect(teams.body.teams.map((t) => [t.team_name, t.remaining_points, t.current_players_count])).toEqual([
      ['Alpha', 245, 1],
      ['Beta', 255, 1],
      ['Gamma, Tight', 65, 1],
    ]);
    expect((await a.http.call('GET', '/api/leagues/TEST1/my-team')).body).toEqual({
      success: true,
      team: { team_id: 1, team_name: 'Alpha' },
    });
    const events = await server.deps.store.readStream('league-TEST1');
    expect(events.filter((e) => e.type === 'PlayerSold')).toHaveLength(3);
  });

  it('refuses a socket without a session', async () => {
    const anonymous: AplSocket = connect(`${server.url}/apl`, { transports: ['websocket'], reconnection: false });
    sockets.push(anonymous);
    const error = await new Promise<Error & { data?: unknown }>((resolve) => anonymous.once('connect_error', resolve));
    expect(error.message).toBe('Please log in.');
  });

  it('seeds a demo league with four owned teams and at least 24 players', async () => {
    const { body } = await admin.call<{ leagues: { code: string; owners: number; players: number }[] }>(
      'GET',
      '/api/leagues',
    );
    const demo = body.leagues.find((l) => l.code === 'CDPL26');
    expect(demo?.owners).toBeGreaterThanOrEqual(4);
    expect(demo?.players).toBeGreaterThanOrEqual(24);
  });

  it('lets the admin pause, resume and undo the last bid (seen by everyone, with the reason), and holds role limits', async () => {
    expect((await admin.call('POST', '/api/admin/leagues', { code: 'CTRL1', name: 'Control Cup' })).status).toBe(200);
    await admin.call('POST', '/api/admin/leagues/CTRL1/import', {
      kind: 'teams',
      csv: 'team_name,owner_email,points_budget,max_players\nAlpha,member1@vetrideals.in,300,3\nBeta,member2@vetrideals.in,300,3\n',
    });
    await admin.call('POST', '/api/admin/leagues/CTRL1/players', {
      players: [
        { name: 'Keeper One', role: 'Wicket-keeper', base_price: 30 },
        { name: 'Keeper Two', role: 'Wicket-keeper', base_price: 30 },
      ],
    });
    const quotas = await admin.call<AplSnapshot>('PUT', '/api/admin/leagues/CTRL1/role-quotas', {
      quotas: { 'Wicket-keeper': 1 },
    });
    expect(quotas.body.league.roleQuotas).toEqual({ 'Wicket-keeper': 1 });
    const member5 = await loggedIn(server, 'member5@vetrideals.in', PASSWORD);
    expect((await member5.call('PUT', '/api/admin/leagues/CTRL1/role-quotas', { quotas: {} })).status).toBe(403);

    const boss = await member(ADMIN.email, ADMIN.password);
    const a = await member('member1@vetrideals.in');
    const b = await member('member2@vetrideals.in');
    const watcher = await member('member5@vetrideals.in');
    for (const m of [boss, a, b, watcher])
      expect((await m.ask<AplSnapshot>('apl_join_auction', { roomCode: 'CTRL1' })).ok).toBe(true);
    expect((await boss.ask('apl_start_auction', {})).ok).toBe(true);
    await watcher.waitFor('apl_auction_start');
    expect(await bid(a)).toEqual(accepted(35));
    expect(await bid(b)).toEqual(accepted(40));

    // Only the admin controls the clock; a paused lot takes no bids and its snapshot says paused.
    expect(await a.ask('apl_pause_auction', {})).toEqual(refused('FORBIDDEN'));
    clock.advance(10_000);
    expect(await boss.ask('apl_pause_auction', {})).toEqual({ ok: true, data: { paused: true } });
    const paused = await watcher.waitFor('apl_auction_paused', (p) => p.paused === true);
    expect(paused.remainingMs).toBe(20_000);
    expect(await bid(a)).toEqual(refused('AUCTION_PAUSED', LEAGUE_MESSAGES.paused));
    const snapshot = await watcher.ask<AplSnapshot>('apl_join_auction', { roomCode: 'CTRL1' });
    expect(snapshot.ok && snapshot.data.lot?.pausedRemainingMs).toBe(20_000);
    // Time passes while paused: the player is not closed.
    clock.advance(120_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(watcher.received.some((r) => r.event === 'apl_player_sold')).toBe(false);

    // Undo needs a reason; then everyone hears whose bid went and why, and the lot is back at 35 for Alpha.
    expect(await boss.ask('apl_undo_bid', { reason: '' })).toEqual(refused('REASON_REQUIRED'));
    expect(await boss.ask('apl_undo_bid', { reason: 'Beta pressed bid by mistake' })).toEqual({
      ok: true,
      data: { undone: true },
    });
    const undone = await watcher.waitFor('apl_bid_undone');
    expect(undone).toMatchObject({
      team: { team_name: 'Beta' },
      amount: 40,
      reason: 'Beta pressed bid by mistake',
      currentBid: 35,
      highestBidder: { team_name: 'Alpha' },
    });
    expect(await boss.ask('apl_resume_auction', {})).toEqual({ ok: true, data: { resumed: true } });
    const resumed = await watcher.waitFor('apl_auction_paused', (p) => p.paused === false);
    expect(resumed.deadline).toBe(clock.now() + 30_000);
    expect(await bid(b)).toEqual(accepted(40));

    // Beta buys the first keeper; with a limit of one keeper per team it cannot bid on the second.
    clock.advance(31_000);
    await watcher.waitFor('apl_player_sold');
    // The owners of the two teams that bid on him hear of the sale; the member without a team does not.
    await server.notifier.settled();
    const sold = async (c: Client) =>
      (
        await c.call<{ notifications: { kind: string; url: string; title: string; body: string }[] }>(
          'GET',
          '/api/me/notifications',
        )
      ).body.notifications.filter((n) => n.kind === 'league_player_sold' && n.url === '/aplauction/CTRL1');
    expect((await sold(b.http)).map((n) => [n.title, n.body])).toEqual([
      ['Your team bought a player', 'Keeper One went to Beta for 40 points.'],
    ]);
    expect((await sold(a.http)).map((n) => n.title)).toEqual(['A player was sold']);
    expect(await sold(member5)).toEqual([]);
    expect((await boss.ask('apl_start_auction', {})).ok).toBe(true);
    await watcher.waitFor('apl_auction_start', (p) => (p.player as { name: string }).name === 'Keeper Two');
    expect(await bid(b)).toEqual(
      refused('ROLE_QUOTA', 'Your squad already has 1 wicket-keeper: the league allows at most 1 per team.'),
    );
    expect(await bid(a)).toEqual(accepted(35));
  });
});

describe('player deadlines across restarts and processes', () => {
  const boss: Admin = { userId: 'admin-test', role: 'admin' };

  /** A league with two teams and one player under the hammer, led by member1's team. */
  const liveLot = async (s: TestServer, raw: string) => {
    const code = leagueCode(raw);
    const owner = (email: string) => userByEmail(s.deps.readDb, email)!;
    const teams = ['member1@vetrideals.in', 'member2@vetrideals.in'].map((email, i) => ({
      name: `Side ${i + 1}`,
      ownerUserId: owner(email).id,
      ownerName: owner(email).name,
      budget: 300,
      maxPlayers: 3,
    }));
    await runLeague(s.deps, code, boss, (now) => ({
      type: 'CreateLeague',
      data: { code, name: 'Deadline Cup', by: boss, now },
    }));
    await runLeague(s.deps, code, boss, (now) => ({ type: 'AddTeams', data: { teams, by: boss, now } }));
    const players = [
      { name: 'Yuvaraj Durai', role: 'Batter' as const, basePrice: 40 },
      { name: 'Jeevan Anbalagan', role: 'Bowler' as const, basePrice: 40 },
    ];
    await runLeague(s.deps, code, boss, (now) => ({ type: 'AddPlayers', data: { players, by: boss, now } }));
    await runLeague(s.deps, code, boss, (now) => ({ type: 'StartNextPlayer', data: { by: boss, now } }));
    const bidder = owner('member1@vetrideals.in');
    await runLeague(s.deps, code, { userId: bidder.id, role: 'member' }, (now) => ({
      type: 'PlaceBid',
      data: { userId: bidder.id, now },
    }));
    return code;
  };
  const soldCount = async (s: TestServer, code: string) =>
    (await s.deps.store.readStream(`league-${code}`)).filter((e) => e.type === 'PlayerSold').length;

  it('closes a player whose deadline passed while the server was down, once, on start-up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetri-league-'));
    const clk = createManualClock('2026-11-22T12:00:00.000Z');
    try {
      const first = await startTestServer({ seed: true, clock: clk, dataDir });
      const code = await liveLot(first, 'RESTART1');
      await first.stop();
      clk.advance(5 * 60_000);
      const second = await startTestServer({ clock: clk, dataDir });
      await waitUntil(() => leagueByCode(second.deps.readDb, code)?.status === 'waiting', 5000, 'the overdue close');
      expect(await soldCount(second, code)).toBe(1);
      expect(leagueByCode(second.deps.readDb, code)).toMatchObject({ soldCount: 1, currentPlayerId: null });
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets only one of two processes on one store close a player', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetri-league-'));
    const clk = createManualClock('2026-11-22T12:00:00.000Z');
    try {
      const one = await startTestServer({ seed: true, clock: clk, dataDir });
      const two = await startTestServer({ clock: clk, dataDir });
      const code = await liveLot(one, 'TWOPROC1');
      await waitUntil(
        () => leagueByCode(two.deps.readDb, code)?.leaderTeamId === 1,
        5000,
        'the second process to see the bid',
      );
      clk.advance(31_000);
      for (const s of [one, two]) {
        await waitUntil(
          () => leagueByCode(s.deps.readDb, code)?.status === 'waiting',
          5000,
          'both read models to see the sale',
        );
      }
      await new Promise((r) => setTimeout(r, 600));
      expect(await soldCount(one, code)).toBe(1);
      expect((await one.deps.store.readStream(`league-${code}`)).map((e) => e.type).slice(-2)).toEqual([
        'BidPlaced',
        'PlayerSold',
      ]);
      await two.stop();
      await one.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
