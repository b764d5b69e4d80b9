import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * What a log line carries about the work it belongs to: the HTTP request or socket event
 * (`requestId`), who asked (`actor`), and the correlation id the events of that work carry, so one
 * member's deal can be followed from the socket to the events to the broadcast.
 */
export interface LogContext {
  requestId?: string;
  actor?: string;
  correlationId?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields on every line it logs (nested calls add to the outer fields). */
export const withLogContext = <T>(fields: LogContext, work: () => T): T =>
  context.run({ ...context.getStore(), ...fields }, work);

/** Adds fields to the running work's context (e.g. the actor, once the session is known). */
export const addLogContext = (fields: LogContext): void => {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
};

/**
 * Field names whose values never reach a log: passwords, their hashes, one-time codes, session,
 * reset and proof tokens, payment signatures. Their values are replaced by "[redacted]".
 */
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'passwordHash',
  'otp',
  'codeHash',
  'token',
  'sessionHash',
  'tokenHash',
  'proofHash',
  'signature',
  'cookie',
  'authorization',
];

const errorFields = (fields: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = v instanceof Error ? { message: v.message, stack: v.stack } : v;
  return out;
};

/**
 * A JSON-lines logger (pino): `{"level":"info","time":"…","msg":"…","requestId":"…","actor":"…",
 * "correlationId":"…",…}` on stderr, or to `write` (tests). Secrets are redacted by field name.
 */
export const createLogger = (
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger => {
  const base = pino(
    {
      level: level === 'silent' ? 'silent' : level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      messageKey: 'msg',
      redact: { paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`]), censor: '[redacted]' },
      mixin: () => ({ ...context.getStore() }),
    },
    { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) },
  );
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (fields && Object.keys(fields).length) base[name](errorFields(fields), message);
      else base[name](message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
};
