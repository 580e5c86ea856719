import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { multipart, PDF, PNG } from '../multipart.ts';
import type { TestApp } from '../test-app.ts';

export const PASSWORD = 'Secret1!ok';

/** A local push service (PUSH_ALLOW_HTTP=true): subscriptions never reach the network. */
export async function pushService(): Promise<{ server: Server; endpoint: (name: string) => string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume().on('end', () => res.writeHead(201).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { server, received, endpoint: (name) => `http://127.0.0.1:${port}/push/${name}` };
}

export interface Session {
  id: number;
  email: string;
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

/** Signs up (names chosen by the caller, so their data can be recognised) and signs in. */
export async function signUpAndIn(
  t: TestApp,
  person: { email: string; firstname: string; lastname: string; adresse?: string; telephone?: string },
): Promise<Session> {
  const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...person, password: PASSWORD } });
  expect(signup.statusCode, signup.body).toBe(201);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: person.email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: number; accessToken: string; refreshToken: string };
  return {
    id: body.id,
    email: person.email,
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** What a household seeded by `seedHousehold` holds: ids, signed file URLs and secrets. */
export interface Household {
  user: Session;
  universeId: number;
  applianceId: number;
  secondLifeApplianceId: number;
  productId: number;
  maintenanceCardId: number;
  eventId: number;
  seriesEventId: number;
  panneEventId: number;
  notificationId: number;
  badgeId: number;
  badgePublicUuid: string;
  calendarToken: string;
  pushEndpoint: string;
  /** Signed URLs: universe image, appliance picture, invoice, manual, temporary upload. */
  fileUrls: { universeImage: string; picture: string; invoice: string; manual: string; temporary: string };
}

/**
 * One of everything, through the API: a universe with its image, an appliance with picture,
 * invoice and manual, a maintenance event, a series and a breakdown, the badge and the
 * notification the first appliance earns, a calendar feed, a push subscription, a device given
 * away (second life), a temporary upload. Every text carries `tag`, so a leak can be searched for.
 */
export async function seedHousehold(t: TestApp, user: Session, tag: string, pushEndpoint: string): Promise<Household> {
  const send = async (options: InjectOptions, status: number) => {
    const res = await t.app.inject({ ...options, headers: { ...user.headers, ...options.headers } });
    expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}: ${res.body}`).toBe(status);
    return res.json();
  };
  const form = async (method: 'POST' | 'PUT', url: string, parts: Parameters<typeof multipart>[0], status: number) => {
    const body = await multipart(parts);
    return send({ method, url, headers: body.headers, payload: body.payload }, status);
  };
  const base = `/api/V1/profils/users/${user.id}`;
  const item = (id: number) => `/api/V1/profils/users/foyers/univers/appliances/${id}`;

  const products = (await send({ url: '/api/V1/references/refproducts' }, 200)) as { id: number; prodName: string }[];
  const productId = products.find((p) => p.prodName === 'Lave-linge')!.id;
  const [card] = (await send({ url: `/api/maintenancecard?productid=${productId}` }, 200)) as { id: number }[];

  const universe = await form(
    'POST',
    `${base}/foyers/univers`,
    { name: `Atelier ${tag}`, description: `Étagère ${tag}`, image: { filename: 'piece.png', data: PNG } },
    201,
  );
  const data = (name: string) =>
    JSON.stringify({
      prod_id: productId,
      name,
      marque: `Marque ${tag}`,
      modele: `Modèle ${tag}`,
      note: `Note ${tag}`,
      dt_achat: '2022-05-04',
    });
  const appliance = await form(
    'POST',
    `${base}/foyers/univers/${universe.univer_id}/appliances`,
    { data: data(`Lave-linge ${tag}`), pict: { filename: 'photo.png', data: PNG } },
    201,
  );
  const invoice = await form('PUT', `${item(appliance.id)}/facture`, { file: { filename: 'facture.pdf', data: PDF } }, 200);
  const manual = await form('PUT', `${item(appliance.id)}/notice`, { file: { filename: 'notice.pdf', data: PDF } }, 200);

  const when = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString();
  const event = await send(
    {
      method: 'POST',
      url: `${base}/events`,
      payload: {
        title: `Détartrage ${tag}`,
        dt_realisation: when,
        note: `Note ${tag}`,
        applianceId: appliance.id,
        maintenanceCardId: card!.id,
      },
    },
    201,
  );
  const series = await send(
    {
      method: 'POST',
      url: `${base}/events/period`,
      payload: { title: `Filtre ${tag}`, dt_realisation: when, applianceId: appliance.id, frequency: 'monthly' },
    },
    201,
  );
  const panne = await send(
    {
      method: 'POST',
      url: `${base}/events`,
      payload: { title: `Panne ${tag}`, dt_realisation: t.clock.now().toISOString(), applianceId: appliance.id, type: 'PANNE' },
    },
    201,
  );

  const [badge] = await send({ url: `${base}/badges` }, 200);
  const [notification] = await send({ url: `${base}/notifs` }, 200);
  const feed = await send({ url: `${base}/calendar-feed` }, 200);

  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await send(
    {
      method: 'POST',
      url: `${base}/push/subscriptions`,
      payload: {
        endpoint: pushEndpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    },
    201,
  );

  const given = await form('POST', `${base}/foyers/univers/${universe.univer_id}/appliances`, { data: data(`Cafetière ${tag}`) }, 201);
  await send({ method: 'POST', url: `${base}/appliances/${given.id}/second-life`, payload: { outcome: 'given' } }, 200);
  const temporary = await form('POST', '/api/V1/files/public', { file: { filename: 'plaque.png', data: PNG } }, 201);

  return {
    user,
    universeId: universe.univer_id,
    applianceId: appliance.id,
    secondLifeApplianceId: given.id,
    productId,
    maintenanceCardId: card!.id,
    eventId: event.id,
    seriesEventId: series[0].id,
    panneEventId: panne.id,
    notificationId: notification.id,
    badgeId: badge.id,
    badgePublicUuid: badge.publicUuid,
    calendarToken: /calendar\/([\w-]+)\.ics$/.exec(feed.url)![1]!,
    pushEndpoint,
    fileUrls: {
      universeImage: universe.image,
      picture: appliance.pict,
      invoice: invoice.facture,
      manual: manual.notice,
      temporary: temporary.data.fileUrl,
    },
  };
}
