import { Hono } from 'hono';
import { z } from 'zod';
import { integrityDecider, integrityStream } from '../../engine/integrity.ts';
import type { FlagEvidence, FlagFacts } from '../../engine/integrityRules.ts';
import { TIMING_BUCKETS } from '../../engine/integrityRules.ts';
import type { IntegrityFlagRow } from '../../projections/integrity.ts';
import { integrityFlag, integrityFlags, integrityRoomReport, integrityRooms } from '../../projections/integrity.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { IntegrityEvidence, IntegrityFlag, IntegrityFlagFacts } from '../contract/admin.ts';
import {
  IntegrityQuery,
  IntegrityQueue,
  IntegrityReviewAnswer,
  IntegrityReviewBody,
  IntegrityRoomReport,
} from '../contract/admin.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';

const evidenceDto = (d: FlagEvidence & { userName: string }): IntegrityEvidence => ({
  room: d.room,
  event_id: d.eventId,
  revision: d.revision,
  position: d.position,
  user_id: d.userId,
  user_name: d.userName,
  at: d.at,
  before_ms: d.beforeMs,
});

/** A flag's facts on the wire (snake_case, like the rest of the answer). */
const factsDto = (f: FlagFacts): IntegrityFlagFacts => {
  switch (f.kind) {
    case 'last-second':
    case 'single-opponent':
      return { ...f };
    case 'scripted-burst':
      return {
        kind: f.kind,
        member: f.member,
        room: f.room,
        even_deals: f.evenDeals,
        fast_reactions: f.fastReactions,
        fast_ms: f.fastMs,
      };
    case 'shared-device':
    case 'shared-address':
      return { kind: f.kind, room: f.room, member_count: f.memberCount };
  }
};

const flagDto = (f: IntegrityFlagRow): IntegrityFlag => ({
  id: f.id,
  kind: f.kind,
  room: f.room,
  members: f.members,
  facts: factsDto(f.facts),
  evidence: f.evidence.map(evidenceDto),
  rooms: f.rooms,
  version: f.version,
  status: f.status,
  raised_at: f.raisedAt,
  updated_at: f.updatedAt,
  review: f.review,
});

/**
 * Admin: fairness insights (issue 21.7). The review queue of flags the integrity read model raised
 * over finished rooms, each room's timing report, and the review — an admin's note on a flag.
 * Nothing here acts on a member: a review only records what an admin looked at and decided.
 */
export const integrityRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands'>) =>
  new Hono<AuthEnv>()
    .get(
      '/integrity',
      describe({
        summary: 'Fairness flags for review (by status, kind and room) and the finished rooms with deals',
        tags: ['admin'],
        access: 'auditor',
        response: IntegrityQueue,
      }),
      requireRole('admin', 'auditor'),
      queryParams(IntegrityQuery),
      (c) => {
        const q = c.req.valid('query');
        const flags = integrityFlags(deps.readDb, { status: q.status, kind: q.kind, room: q.room || undefined });
        return c.json({
          flags: flags.map(flagDto),
          rooms: integrityRooms(deps.readDb).map((r) => ({
            room: r.room,
            ended_at: r.endedAt,
            deals: r.deals,
            members: r.members,
            open_flags: r.openFlags,
          })),
        });
      },
    )
    .get(
      '/integrity/rooms/:code',
      describe({
        summary: "A finished room's integrity report: every deal's time before the deadline, per member, and its flags",
        tags: ['admin'],
        access: 'auditor',
        response: IntegrityRoomReport,
      }),
      requireRole('admin', 'auditor'),
      pathParams(z.object({ code: z.string().max(20) })),
      (c) => {
        const code = c.req.valid('param').code.toUpperCase();
        const report = integrityRoomReport(deps.readDb, code);
        if (!report) throw new ApiError(404, 'REPORT_NOT_FOUND', `No finished room ${code} with a report.`);
        const names = new Map(report.deals.map((d) => [d.userId, d.userName]));
        return c.json({
          room: report.room,
          started_at: report.startedAt,
          ended_at: report.endedAt,
          end_reason: report.endReason,
          winner_id: report.winnerId,
          bucket_limits: [...TIMING_BUCKETS],
          timings: report.timings.map((t) => ({
            user_id: t.userId,
            user_name: t.userName,
            deals: t.deals,
            median_before_ms: t.medianBeforeMs,
            last_second_share: t.lastSecondShare,
            buckets: t.buckets,
          })),
          deals: report.deals.map((d) => ({
            ...evidenceDto({ ...d, userName: names.get(d.userId) ?? d.userId }),
            seq: d.seq,
            opponent_id: d.opponentId,
            reaction_ms: d.reactionMs,
          })),
          flags: report.flags.map(flagDto),
        });
      },
    )
    .post(
      '/integrity/review',
      describe({
        summary: 'Mark a fairness flag reviewed (dismissed, or an action noted) with a note; decides nothing else',
        tags: ['admin'],
        access: 'admin',
        response: IntegrityReviewAnswer,
      }),
      requireRole('admin'),
      jsonBody(IntegrityReviewBody),
      async (c) => {
        const admin = currentUser(c);
        const b = c.req.valid('json');
        const flag = integrityFlag(deps.readDb, b.flag_id);
        if (!flag) throw new ApiError(404, 'FLAG_NOT_FOUND', 'No such flag.');
        if (b.version !== flag.version)
          throw new ApiError(409, 'FLAG_CHANGED', 'New evidence came in since you opened this flag. Reload it first.');
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          integrityStream(flag.id),
          integrityDecider,
          {
            type: 'ReviewIntegrityFlag',
            data: {
              flagId: flag.id,
              outcome: b.outcome,
              note: b.note,
              version: b.version,
              by: { userId: admin.id, name: admin.name },
              now,
            },
          },
          { actor: actorOf(admin), now },
        );
        const reviewed = integrityFlag(deps.readDb, flag.id)!;
        return c.json({
          success: true,
          message: b.outcome === 'dismissed' ? 'Flag dismissed.' : 'Action noted.',
          flag: flagDto(reviewed),
        });
      },
    );
