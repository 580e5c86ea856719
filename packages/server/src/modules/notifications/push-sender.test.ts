import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, pushHost, sendPush } from './push-sender.ts';

describe('where a push message may go (push SSRF)', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and reserved addresses, in IPv4 and IPv6 forms', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '192.0.2.10',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '::ffff:10.1.2.3',
      '2001:db8::1',
      'pas-une-adresse',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '142.250.74.234', '172.32.0.1', '2a00:1450:4007:80f::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('reads the host without the trailing dot that makes « localhost. » another spelling of localhost', () => {
    expect(pushHost(new URL('https://localhost./push'))).toBe('localhost');
    expect(pushHost(new URL('https://FCM.googleapis.com../x'))).toBe('fcm.googleapis.com');
  });

  it('refuses, at send time, a name that resolves to a loopback address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (err) => resolve(err)));
    expect(error?.code).toBe('PUSH_ADDRESS_REFUSED');
  });

  it('never connects to a non-public address and follows no redirect', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as { port: number }).port;
    try {
      const push = { method: 'POST', headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]) };
      await expect(sendPush({ ...push, endpoint: `http://localhost:${port}/push` }, { allowPrivate: false })).rejects.toThrow(/non-public/);
      await expect(sendPush({ ...push, endpoint: `http://127.0.0.1:${port}/push` }, { allowPrivate: false })).rejects.toThrow(/not public/);
      expect(hits).toBe(0);
      // The tests' local push service (PUSH_ALLOW_HTTP): reached, and its redirect is not followed.
      expect(await sendPush({ ...push, endpoint: `http://127.0.0.1:${port}/push` }, { allowPrivate: true })).toBe(307);
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });
});
