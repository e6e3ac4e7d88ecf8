import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors.ts';

/**
 * Which addresses a webhook may be sent to (docs/decisions/0034-webhook-delivery.md, SSRF):
 * public unicast only. The check runs when an endpoint is saved and again on every delivery, on
 * the address the name resolved to, and the connection goes to exactly that address (the
 * `lookup` below), so a name that changes its answer between check and connect gains nothing.
 */

const blocked = new BlockList();
// IPv4: "this network", private, CGNAT, loopback, link-local (metadata 169.254.169.254),
// IETF protocol assignments, documentation, benchmarking, multicast, reserved, broadcast.
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// IPv6: unspecified, loopback, IPv4-mapped/translated (checked as IPv4 below), discard,
// documentation, unique local (fc00::/7, metadata fd00:ec2::254), link-local, site-local,
// multicast, 6to4 and Teredo (they tunnel to addresses we cannot see).
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return loopback.check(a.address, a.family);
}

/** Whether a webhook may connect to `address` (loopback too when `allowLoopback`). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const a = unmapped(address);
  if (isIP(a.address) === 0) return false;
  if (allowLoopback && loopback.check(a.address, a.family)) return true;
  return !blocked.check(a.address, a.family);
}

/** A refused address: 400 with the message on the `url` field, for the form to show. */
function refused(message: string): AppError {
  return new AppError('validation_error', message, { url: message });
}

/**
 * The endpoint's URL, parsed, if FitBase may send to it: https:// (http:// too on loopback when
 * allowed), no user name or password in it.
 */
export function parseEndpointUrl(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refused('Enter a full address starting with https://');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHost =
    allowLoopback && (host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host)));
  if (url.protocol !== 'https:' && !(loopbackHost && url.protocol === 'http:'))
    throw refused('The address must start with https://');
  if (url.username || url.password)
    throw refused('Leave the user name and password out of the address');
  return url;
}

/** Resolves `hostname` (all its addresses) and refuses it when any is not public. */
export async function resolvePublicAddress(
  hostname: string,
  allowLoopback: boolean,
): Promise<LookupAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true, verbatim: true }, (error, found) =>
        error ? reject(error) : resolve(found),
      ),
    ).catch(() => {
      throw refused(`${host} could not be found: check the address`);
    });
  }
  const bad = addresses.find((a) => !isAllowedAddress(a.address, allowLoopback));
  if (bad || addresses.length === 0)
    throw refused(
      `${host} resolves to ${bad?.address ?? 'no address'}, a private, loopback, link-local or otherwise non-public address: webhooks are only sent to public internet addresses`,
    );
  return addresses[0]!;
}

/**
 * A `lookup` for node:http(s) that resolves, refuses non-public answers and hands the socket
 * exactly the address it checked (no second resolution between check and connect).
 */
export function checkedLookup(allowLoopback: boolean) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    resolvePublicAddress(hostname, allowLoopback).then(
      (found) =>
        options.all ? callback(null, [found]) : callback(null, found.address, found.family),
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
