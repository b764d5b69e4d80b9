/**
 * An error as it crosses between threads: its message and code. A thrown object does not cross a
 * thread's port whole (a class, a cause and the stack stay behind), so both sides agree on these.
 */
export interface ThreadError {
  message: string;
  code?: string;
}

/** What a thread sends of an error it met: its message (its code or its text when it has none), and its code. */
export const threadErrorOf = (error: unknown): ThreadError => {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message : typeof code === 'string' ? code : String(error);
  return typeof code === 'string' ? { message: text, code } : { message: text };
};
