import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { canCreateHosts, createHosts } from './netns.ts';

/**
 * The test hosts the two-host suites run on: each in its own network namespace with its own
 * address, reaching this machine's services at its gateway. Needs root (CI runs as root); without
 * it the suite fails with the reason instead of passing.
 */
describe('test hosts with their own addresses', () => {
  if (!canCreateHosts()) {
    it('needs root and iproute2 to create network namespaces', () => {
      throw new Error('cannot create network namespaces here: run the chaos suite as root with `ip` installed');
    });
    return;
  }
  const made = createHosts(2);
  const hosts = made.hosts;
  afterAll(() => made.close());

  it('serve on their own address and reach this machine at their gateway, and nothing else', async () => {
    const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    expect(a.address).not.toBe(b.address);
    const gateway = createServer((socket) => socket.end('machine'));
    await new Promise<void>((resolve) => gateway.listen(0, a.gateway, () => resolve()));
    const port = (gateway.address() as { port: number }).port;
    const child = spawn(
      'ip',
      [
        'netns',
        'exec',
        a.netns,
        process.execPath,
        '-e',
        `const net = require('net');
         require('http').createServer((q, r) => r.end('host a')).listen(0, '${a.address}', function () {
           const s = net.connect(${port}, '${a.gateway}');
           s.on('data', (d) => console.log(JSON.stringify({ port: this.address().port, gateway: String(d) })));
         });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d))));
      const seen = JSON.parse(line) as { port: number; gateway: string };
      expect(seen.gateway).toBe('machine');
      expect(await (await fetch(`http://${a.address}:${seen.port}/`)).text()).toBe('host a');
      // The server listens on host a's address only: not on this machine's loopback.
      await expect(fetch(`http://127.0.0.1:${seen.port}/`, { signal: AbortSignal.timeout(1000) })).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      gateway.close();
    }
  });
});
