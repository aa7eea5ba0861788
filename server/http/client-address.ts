import net from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's address, for every per-client limit (better-auth's sign-in limit, the write
 * budgets): the socket peer or, with TRUST_PROXY, the address our reverse proxy put in
 * X-Forwarded-For. The proxy appends the peer it saw to whatever the client sent, so only the
 * last entry is trustworthy: taking the first would let a client pick a new address per request.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // in-process requests (tests) have no socket
  }
}

/**
 * What one client is for a per-client limit: an IPv4 address, or an IPv6 /64 — one subscriber
 * holds a whole /64 and could otherwise take a fresh address for every request. Anything that is
 * not an address (a proxy's odd header) is cut short, so that keys stay small.
 */
export function clientKey(address: string): string {
  const kind = net.isIP(address);
  if (kind === 4) return address;
  if (kind === 0) return address.slice(0, 64);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: a peer on this machine. */
export function isLoopback(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.\d+\.\d+\.\d+$/i.exec(address);
  if (v4) return v4[1] === '127';
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}
