import type { Client } from '../helpers/http.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Calls until the server answers with something other than a 5xx or a dropped connection, as a
 * phone retries while the server restarts. Gives up at `deadline` (epoch ms) and returns null.
 */
export const persist = async <T>(
  member: Client,
  method: string,
  path: string,
  body: unknown,
  deadline: number,
): Promise<{ status: number; body: T } | null> => {
  while (Date.now() < deadline) {
    try {
      const res = await member.call<T>(method, path, body);
      if (res.status < 500) return res;
    } catch {
      // connection refused or reset: the server is down or being killed
    }
    await sleep(100);
  }
  return null;
};

/** Polls until `check` holds; throws with `what` after `timeoutMs`. */
export const eventually = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs: number) => {
  const started = Date.now();
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // the server may be between lives; try again
    }
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
};
