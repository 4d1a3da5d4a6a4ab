// The client's address, for throttling. The socket address unless TRUST_PROXY says how
// many reverse proxies in front append to X-Forwarded-For; then the entry that many
// places from the right (the one the outermost trusted proxy saw). Entries further left
// are whatever the client claimed and are never used.
import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
    return undefined;
  }
}

export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (hops.length > 0) return normalizeAddress(hops[Math.max(0, hops.length - trustProxy)]!);
  }
  return normalizeAddress(socketAddress(c) ?? 'unknown');
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; IPv6 → its /64 (one household or phone gets one /64, and can rotate within it). */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = address.includes('::') ? [...left, ...new Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
