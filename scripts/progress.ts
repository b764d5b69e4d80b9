/** A progress bar on stderr: done / total, rate and ETA. Redraws in place on a terminal, else a line a second. */
export const createProgress = (label: string, total: number, out: NodeJS.WriteStream = process.stderr) => {
  const started = performance.now();
  let last = 0;
  const render = (done: number, final = false) => {
    const now = performance.now();
    if (!final && now - last < (out.isTTY ? 100 : 1000)) return;
    last = now;
    const seconds = (now - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const eta = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')} events  ${Math.round(rate).toLocaleString('en-IN')} ev/s  ETA ${eta.toFixed(0)}s`;
    if (out.isTTY) out.write(`\r${line}${final ? '\n' : ''}`);
    else out.write(`${line}\n`);
  };
  return { update: (done: number) => render(done), finish: (done: number) => render(done, true) };
};
