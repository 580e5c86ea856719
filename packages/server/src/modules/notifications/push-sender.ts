import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a web-push request (no SSRF through push). A push service is a public
 * host on the internet: the name is resolved when the message is sent, and the connection goes
 * only to a public unicast address — never loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast or reserved ranges, nor their IPv6 forms
 * (IPv4-mapped and NAT64 addresses carry an IPv4 address and are checked as one).
 */
const blocked = new BlockList();
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
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, ::a.b.c.d), if any. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a push message may be sent to this address (a public unicast address). */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(ip);
  if (v4) return isPublicAddress(v4);
  if (/^(::ffff:|64:ff9b::)/i.test(ip)) return false;
  return !blocked.check(ip, 'ipv6');
}

/** An endpoint's host as the resolver sees it: lower case, without the root's trailing dot (`localhost.`). */
export const pushHost = (url: URL) => url.hostname.replace(/\.+$/, '').toLowerCase();

/**
 * A resolver that refuses a name when any of its addresses is not public: the check is made on the
 * address the socket connects to, so a name that resolves differently at send time (DNS rebinding,
 * `127.0.0.1.nip.io`) is caught too.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const err = Object.assign(new Error(`push host ${hostname} resolves to a non-public address (${refused?.address ?? 'none'})`), {
        code: 'PUSH_ADDRESS_REFUSED',
      });
      return callback(err, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/**
 * Sends one push request and answers its status. No redirect is followed (a push service never
 * redirects; a redirect could point inside). `allowPrivate` is for the tests' local push service
 * (PUSH_ALLOW_HTTP).
 */
export function sendPush(req: PushRequest, options: { allowPrivate: boolean; timeoutMs?: number }): Promise<number> {
  const url = new URL(req.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  // An address in the endpoint is never looked up: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && !isPublicAddress(literal))
    return Promise.reject(new Error(`push address ${literal} is not public`));
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: req.method,
        headers: req.headers,
        lookup: options.allowPrivate ? undefined : publicOnlyLookup,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push timed out')));
    outgoing.on('error', reject);
    outgoing.end(req.body ? Buffer.from(req.body) : undefined);
  });
}
