const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const render = (fields?: Record<string, unknown>) =>
  fields && Object.keys(fields).length
    ? ' ' +
      Object.entries(fields)
        .map(([k, v]) => `${k}=${v instanceof Error ? JSON.stringify(v.stack ?? v.message) : JSON.stringify(v)}`)
        .join(' ')
    : '';

/** A plain line logger: `2026-11-22T04:30:00.000Z INFO message key=value`. */
export const createLogger = (
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l + '\n'),
): Logger => {
  const threshold = LEVELS[level];
  const at = (name: Exclude<LogLevel, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] >= threshold)
      write(`${new Date().toISOString()} ${name.toUpperCase()} ${message}${render(fields)}`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
};
