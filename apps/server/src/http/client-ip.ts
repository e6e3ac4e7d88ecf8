import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * The caller's address, for rate limits, the audit log and sign-in throttling. The socket's,
 * unless the socket is one of TRUSTED_PROXIES: then the forwarding headers are read from the
 * right (the hop nearest to us) and the first address that is not a trusted proxy is the
 * client. Anyone else's X-Forwarded-For is ignored, so a client cannot choose its own bucket.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = socketAddress(c);
  const trusted = trustedList(c.get('deps')?.config.trustedProxies);
  if (!trusted || !isTrusted(trusted, peer)) return peer;
  return forwardedClient(trusted, peer, c.req.header('x-forwarded-for'), c.req.header('forwarded'));
}

function socketAddress(c: Context<AppEnv>): string {
  try {
    return normalize(getConnInfo(c).remote.address ?? '') ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}

/**
 * The client behind trusted proxies: X-Forwarded-For, or RFC 7239 Forwarded when there is no
 * X-Forwarded-For (the proxy in front must set one of them and not pass a client's copy of the
 * other through: docs/operations.md). Exported for tests.
 */
export function forwardedClient(
  trusted: BlockList,
  peer: string,
  xForwardedFor: string | undefined,
  forwarded: string | undefined,
): string {
  const hops = xForwardedFor ? xForwardedFor.split(',') : forwarded ? forwardedFor(forwarded) : [];
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const address = normalize(hops[i]!);
    // A hop that is not an address (`unknown`, garbage): the proxy right of it is all we know.
    if (address === undefined) return client;
    client = address;
    if (!isTrusted(trusted, address)) return address;
  }
  return client;
}

/** The `for=` values of a Forwarded header, in order. */
function forwardedFor(header: string): string[] {
  const hops: string[] = [];
  for (const element of header.split(',')) {
    for (const pair of element.split(';')) {
      const [name, value] = pair.split('=');
      if (name?.trim().toLowerCase() === 'for' && value !== undefined)
        hops.push(value.trim().replace(/^"|"$/g, ''));
    }
  }
  return hops;
}

/** An address without port or brackets, IPv4-mapped IPv6 as IPv4; undefined if not one. */
function normalize(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (/^::ffff:[\d.]+$/i.test(value)) value = value.slice(7);
  return isIP(value) === 0 ? undefined : value.toLowerCase();
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** TRUSTED_PROXIES as a BlockList, built once per configuration (the array is the key). */
const lists = new WeakMap<readonly string[], BlockList | undefined>();
export function trustedList(entries: readonly string[] | undefined): BlockList | undefined {
  if (!entries || entries.length === 0) return undefined;
  if (lists.has(entries)) return lists.get(entries);
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  lists.set(entries, list);
  return list;
}
