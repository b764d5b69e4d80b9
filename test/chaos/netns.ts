import { execFileSync } from 'node:child_process';

/**
 * Test hosts with their own network addresses on this machine (Linux network namespaces, root
 * only). Host i lives in its own namespace behind a veth pair: it has 10.<net>.<i>.2 and reaches
 * this machine at 10.<net>.<i>.1 (its gateway), where shared services such as the event store
 * listen. Tests reach a host's servers at its own address. All traffic stays on this machine.
 */
export interface TestHost {
  /** The namespace's name, for `ip netns exec`. */
  netns: string;
  /** The host's own address: its servers listen here. */
  address: string;
  /** This machine as the host sees it: services for the hosts listen here. */
  gateway: string;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Whether this process may create namespaces (root, and `ip` present). */
export const canCreateHosts = (): boolean => {
  try {
    ip('netns', 'list');
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
};

export const createHosts = (count: number): { hosts: TestHost[]; close(): void } => {
  // A network per test process, so parallel runs and leftovers of a killed run do not collide.
  const net = 100 + (process.pid % 100);
  const tag = `vd${process.pid % 100_000}`;
  const hosts: TestHost[] = [];
  const close = () => {
    for (let i = 0; i < count; i++) {
      try {
        ip('netns', 'del', `${tag}h${i}`); // deleting the namespace deletes its veth pair too
      } catch {
        // already gone
      }
    }
  };
  close();
  try {
    for (let i = 0; i < count; i++) {
      const netns = `${tag}h${i}`;
      const outside = `${tag}o${i}`;
      const inside = `${tag}i${i}`;
      const gateway = `10.${net}.${i}.1`;
      const address = `10.${net}.${i}.2`;
      ip('netns', 'add', netns);
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
      ip('link', 'set', inside, 'netns', netns);
      ip('addr', 'add', `${gateway}/24`, 'dev', outside);
      ip('link', 'set', outside, 'up');
      ip('netns', 'exec', netns, 'ip', 'addr', 'add', `${address}/24`, 'dev', inside);
      ip('netns', 'exec', netns, 'ip', 'link', 'set', inside, 'up');
      ip('netns', 'exec', netns, 'ip', 'link', 'set', 'lo', 'up');
      ip('netns', 'exec', netns, 'ip', 'route', 'add', 'default', 'via', gateway);
      hosts.push({ netns, address, gateway });
    }
  } catch (error) {
    close();
    throw error;
  }
  return { hosts, close };
};
