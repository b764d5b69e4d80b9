/**
 * Runs `task` every `intervalMs` (0 = never: tests call the task by hand), never two at once: a
 * tick that finds the last run still going is skipped. The timer does not keep the process alive.
 * Returns a stop function.
 */
export const everyInterval = (
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): (() => void) => {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
