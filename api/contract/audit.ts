import { z } from 'zod';

/** The auditor's API (`/api/admin/streams`, verify, export) and the public fairness receipt. */

export const STREAM_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,199}$/;
export const StreamName = z.string().regex(STREAM_NAME, 'not a stream name');

export const EventRef = z.object({
  id: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  at: z.string(),
});

export const EventView = z.object({
  id: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  position: z.number().int(),
  type: z.string(),
  at: z.string(),
  actor: z.union([z.literal('system'), z.object({ userId: z.string(), role: z.string() })]),
  hash: z.string(),
  prev_hash: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  masked: z.array(z.string()).describe('Paths of secret fields masked on screen'),
  links: z.object({
    caused_by: EventRef.nullable().describe('The event named by causationId, when it is an event'),
    causes: z.array(EventRef).describe('Events whose causationId is this event'),
    correlated: z.array(EventRef).describe('Other events with the same correlationId (first 20)'),
    correlated_total: z.number().int(),
  }),
});
export type EventView = z.infer<typeof EventView>;

export const VerifyView = z.object({
  stream: z.string(),
  ok: z.boolean(),
  events: z.number().int(),
  last_hash: z.string().nullable(),
  bad_event: z
    .object({ id: z.string(), revision: z.number().int(), reason: z.string() })
    .nullable()
    .describe('The first event that breaks the chain'),
  recorded: z
    .object({ events: z.number().int(), last_hash: z.string() })
    .nullable()
    .describe('What the streams read model recorded when the events were appended'),
  signed_log: z
    .object({
      head_size: z.number().int().nullable(),
      signed_events: z.number().int(),
      log_intact: z.boolean(),
      message: z.string(),
    })
    .describe('The stream checked against the latest signed tree head of the whole log'),
  message: z.string(),
});
export type VerifyView = z.infer<typeof VerifyView>;

export const StreamListQuery = z.object({
  category: z.string().max(60).optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const StreamRow = z.object({
  stream: z.string(),
  category: z.string(),
  event_count: z.number().int(),
  last_revision: z.number().int(),
  last_hash: z.string(),
  last_type: z.string(),
  updated_at: z.string(),
});

export const StreamCategory = z.object({
  category: z.string(),
  streams: z.number().int(),
  events: z.number().int(),
  last_update: z.string(),
});
export type StreamCategory = z.infer<typeof StreamCategory>;

export const StreamList = z.object({
  categories: z.array(StreamCategory),
  streams: z.array(StreamRow),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const StreamEventsQuery = z.object({
  from: z.coerce.number().int().min(0).optional().describe('First revision (forwards) or last (backwards)'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  direction: z.enum(['forwards', 'backwards']).default('forwards'),
});

export const StreamPage = z.object({
  stream: StreamRow,
  events: z.array(EventView),
  next_from: z.number().int().nullable().describe('Pass as `from` for the next page in the same direction'),
});

export const ExportQuery = z
  .object({
    stream: StreamName.optional(),
    category: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,60}$/, 'not a category')
      .optional(),
    all: z.enum(['1', 'true']).optional(),
  })
  .refine((q) => [q.stream, q.category, q.all].filter(Boolean).length === 1, {
    message: 'give exactly one of stream, category or all=1',
  });

export const StreamNameParam = z.object({ name: StreamName });

export const Receipt = z.object({
  room_code: z.string(),
  stream: z.string(),
  status: z.enum(['completed', 'cancelled']),
  events: z.number().int().describe('Events from the creation of the room to its end, both included'),
  final_hash: z.string().describe('Hash of the event that ended the deal; it seals every event before it'),
  final_event: z.object({ type: z.string(), revision: z.number().int(), at: z.string() }),
  chain_intact: z.boolean(),
  rules_followed: z.boolean().describe('Every event follows from the room’s rules, replayed from its creation'),
  rules_problem: z.string().nullable().describe('The first event that breaks a rule, in words'),
  bids: z.number().int(),
  last_bid: z
    .object({ seq: z.number().int(), user_name: z.string(), amount: z.number().int(), at: z.string() })
    .nullable(),
  winner: z.object({ name: z.string() }).nullable(),
  final_bid: z.number().int().nullable(),
  winner_is_last_bid: z.boolean().describe('The winner placed the last accepted deal, at the final price'),
  file_name: z.string(),
  download_url: z.string(),
  verify_command: z.string(),
  replay_command: z.string(),
  signed_verify_command: z.string().describe('Checks the history against this receipt’s signed head and the log key'),
  receipt_file_name: z.string(),
  log: z
    .object({
      verifier_key: z.string().describe('The log key (also at /.well-known/vetri-deals-log-key)'),
      tree_size: z.number().int(),
      root_hash: z.string(),
      checkpoint: z.string().describe('The signed tree head (C2SP checkpoint) the proofs are against'),
      events: z.array(
        z.object({
          revision: z.number().int(),
          id: z.string(),
          leaf_index: z.number().int(),
          leaf_hash: z.string(),
          audit_path: z.array(z.string()),
        }),
      ),
    })
    .describe('Every event of the deal proved in a signed head of the whole log (RFC 9162)'),
});
export type Receipt = z.infer<typeof Receipt>;
export type StreamRow = z.infer<typeof StreamRow>;
export type StreamList = z.infer<typeof StreamList>;
export type StreamPage = z.infer<typeof StreamPage>;
export type StreamListQuery = z.input<typeof StreamListQuery>;
