import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../app.ts';
import { joinFoyer } from '../../test/foyer.ts';
import { type ApiRoute, fillUrl, routeTable } from '../../test/security/route-table.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { UPLOAD_MAX_BYTES } from '@ecofoyer/contracts';

/**
 * Nothing reads a body before it knows who sends it: over a real socket, every
 * route that needs a session gets only its headers — announcing a body as large as the route allows —
 * and must answer at once, without waiting for a byte of that body: 401 to nobody, 403 to a stranger
 * naming another's `{userId}`, 403 to a lecteur on a write. Before, the body was read (and parsed, up to
 * 40 MB) before the token was even looked at, so anonymous requests could fill the server's memory.
 */

let t: TestApp;
let routes: ApiRoute[];
let port: number;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let reader: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  routes = (await routeTable(t)).filter((r) => r.access !== undefined && r.access !== 'public');
  owner = await signedInUser(t, 'corps-proprio@exemple.fr');
  stranger = await signedInUser(t, 'corps-inconnu@exemple.fr');
  reader = await signedInUser(t, 'corps-lecteur@exemple.fr');
  await joinFoyer(t, reader, owner.id, 'lecteur');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.app.close();
});

/** The most a route lets a client send: what an attacker would announce. */
const announced = (route: ApiRoute) => (route.multipart ? UPLOAD_MAX_BYTES : (route.bodyLimit ?? JSON_BODY_LIMIT)) - 1;

/** Sends the request line and headers only, announcing `length` body bytes, and reads the status the server answers with. */
function statusBeforeBody(method: string, url: string, length: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`${method} ${url}: connection closed with no answer (${received.length} bytes)`)));
    const lines = [
      `${method} ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Length: ${length}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

const contentType = (route: ApiRoute) => (route.multipart ? 'multipart/form-data; boundary=----x' : 'application/json');
const url = (route: ApiRoute, userId: number) =>
  fillUrl(
    route.url,
    Object.fromEntries(
      Object.keys(route.params).map((name) => [name, name === 'userId' ? userId : name === '*' ? 'x' : name === 'file' ? 'x.ics' : '1']),
    ),
  );
// A GET or HEAD carries no body a client would send; a body-carrying method is where the attack is.
const withBody = (route: ApiRoute) => !['GET', 'HEAD'].includes(route.method);

describe('the access check comes before the body', () => {
  it('declares who may call every route, and gives JSON routes a small body limit', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(JSON_BODY_LIMIT).toBeLessThanOrEqual(64 * 1024);
    const large = routes.filter((r) => (r.bodyLimit ?? 0) > JSON_BODY_LIMIT).map((r) => r.key);
    expect(large).toEqual(['POST /api/V1/profils/users/:userId/import/appareils']);
  });

  it('answers 401 to an anonymous request announcing the largest body its route allows, before reading any of it', async () => {
    for (const route of routes.filter(withBody)) {
      const status = await statusBeforeBody(route.method, url(route, owner.id), announced(route), { 'Content-Type': contentType(route) });
      expect(status, route.key).toBe(401);
    }
  });

  it('answers 403 to a signed-in stranger naming another’s household, before reading the body', async () => {
    for (const route of routes.filter((r) => withBody(r) && 'userId' in r.params)) {
      const status = await statusBeforeBody(route.method, url(route, owner.id), announced(route), {
        'Content-Type': contentType(route),
        Authorization: stranger.headers.authorization,
      });
      expect(status, route.key).toBe(403);
    }
  });

  it('answers 403 to a lecteur on every write, before reading the body', async () => {
    for (const route of routes.filter(
      (r) => withBody(r) && (r.access === 'foyer:write' || r.access === 'foyer:owner' || r.access === 'foyer:founder'),
    )) {
      const status = await statusBeforeBody(route.method, url(route, reader.id), announced(route), {
        'Content-Type': contentType(route),
        Authorization: reader.headers.authorization,
      });
      expect(status, route.key).toBe(403);
    }
  });
});
