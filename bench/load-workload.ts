/**
 * The mixed workload of signed-in users shared by bench/load.ts and bench/pglite-stall.ts.
 * Creates are undone in the same loop (create then delete), so the data set stays the same size
 * from the first second to the last and runs compare.
 */
import autocannon from 'autocannon';

const PASSWORD = 'Bench1!pass';

// The smallest real PNG (the server reads its magic bytes).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface User {
  id: number;
  auth: string;
  universeId: number;
  applianceIds: number[];
  notificationIds: number[];
}

async function form(parts: Record<string, string | { filename: string; data: Buffer; type: string }>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') body.append(name, value);
    else body.append(name, new Blob([value.data], { type: value.type }), value.filename);
  }
  const response = new Response(body);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') as string };
}

async function call(url: string, init: RequestInit & { auth?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.auth) headers.set('authorization', init.auth);
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const json = (payload: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });

async function seedUser(base: string, n: number): Promise<User> {
  const email = `charge-${n}-${Date.now()}@exemple.fr`;
  await call(`${base}/api/auth/signup`, {
    method: 'POST',
    ...json({ firstname: 'Charge', lastname: `Numero${n}`, email, password: PASSWORD }),
  });
  const signin = await call(`${base}/api/auth/signin`, { method: 'POST', ...json({ username: email, password: PASSWORD }) });
  const auth = `Bearer ${signin.accessToken}`;
  const id: number = signin.id;
  const u = `${base}/api/V1/profils/users/${id}`;
  const kitchen = await form({
    name: 'Cuisine',
    description: 'Pièce principale',
    image: { filename: 'cuisine.png', data: PNG, type: 'image/png' },
  });
  const universe = await call(`${u}/foyers/univers`, {
    method: 'POST',
    auth,
    headers: { 'content-type': kitchen.contentType },
    body: kitchen.body,
  });
  const applianceIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const data = await form({
      data: JSON.stringify({ prod_id: i + 1, marque: `Marque ${i}`, modele: `M-${i}`, dt_achat: '2022-01-01', note: 'Appareil de charge' }),
    });
    const appliance = await call(`${u}/foyers/univers/${universe.univer_id}/appliances`, {
      method: 'POST',
      auth,
      headers: { 'content-type': data.contentType },
      body: data.body,
    });
    applianceIds.push(appliance.id);
  }
  for (let i = 0; i < 2; i++) {
    await call(`${u}/events`, {
      method: 'POST',
      auth,
      ...json({ title: `Détartrage ${i}`, dt_realisation: '2027-03-01T09:00:00.000Z', applianceId: applianceIds[i] }),
    });
  }
  const notifications: { id: number }[] = await call(`${u}/notifs`, { auth });
  if (notifications.length === 0) throw new Error('seed: no notification to mark read');
  return { id, auth, universeId: universe.univer_id, applianceIds, notificationIds: notifications.map((x) => x.id) };
}

type Ctx = { u?: User; createdEvent?: number; createdUniverse?: number; createdAppliance?: number };
type Req = autocannon.Request & { label: string };

function workload(
  users: User[],
  bodies: { universe: { body: Buffer; contentType: string }; appliance: { body: Buffer; contentType: string } },
) {
  let next = 0;
  const statuses: Record<string, Record<number, number>> = {};
  const base = (c: Ctx) => `/api/V1/profils/users/${c.u!.id}`;
  const steps: {
    label: string;
    method?: string;
    path: (c: Ctx) => string;
    body?: (c: Ctx) => { body: Buffer | string; contentType: string };
    capture?: keyof Ctx;
  }[] = [
    { label: 'GET universes', path: (c) => `${base(c)}/foyers/univers` },
    { label: 'GET appliances', path: (c) => `${base(c)}/appliances` },
    { label: 'GET appliance', path: (c) => `/api/V1/profils/users/foyers/univers/appliances/${c.u!.applianceIds[0]}` },
    { label: 'GET universe appliances', path: (c) => `${base(c)}/foyers/univers/${c.u!.universeId}/appliances` },
    { label: 'GET notifs/count', path: (c) => `${base(c)}/notifs/count` },
    { label: 'GET notifs', path: (c) => `${base(c)}/notifs` },
    {
      label: 'PUT notif read',
      method: 'PUT',
      path: (c) => `${base(c)}/notifs/${c.u!.notificationIds[0]}`,
      body: () => ({ body: JSON.stringify({ status: 'READ' }), contentType: 'application/json' }),
    },
    { label: 'GET events', path: (c) => `${base(c)}/events` },
    {
      label: 'POST event',
      method: 'POST',
      path: (c) => `${base(c)}/events`,
      body: (c) => ({
        body: JSON.stringify({
          title: 'Nettoyage du filtre',
          dt_realisation: '2027-06-01T09:00:00.000Z',
          applianceId: c.u!.applianceIds[1],
        }),
        contentType: 'application/json',
      }),
      capture: 'createdEvent',
    },
    { label: 'DELETE event', method: 'DELETE', path: (c) => `${base(c)}/events/${c.createdEvent}` },
    {
      label: 'POST universe (multipart + image)',
      method: 'POST',
      path: (c) => `${base(c)}/foyers/univers`,
      body: () => bodies.universe,
      capture: 'createdUniverse',
    },
    { label: 'DELETE universe', method: 'DELETE', path: (c) => `${base(c)}/foyers/univers/${c.createdUniverse}` },
    {
      label: 'POST appliance (multipart)',
      method: 'POST',
      path: (c) => `${base(c)}/foyers/univers/${c.u!.universeId}/appliances`,
      body: () => bodies.appliance,
      capture: 'createdAppliance',
    },
    { label: 'DELETE appliance', method: 'DELETE', path: (c) => `/api/V1/profils/users/foyers/univers/appliances/${c.createdAppliance}` },
  ];
  const requests: Req[] = steps.map((step, i) => ({
    label: step.label,
    method: (step.method ?? 'GET') as autocannon.Request['method'],
    setupRequest: (req, context: Ctx) => {
      if (i === 0) context.u = users[next++ % users.length];
      const body = step.body?.(context);
      return {
        ...req,
        path: step.path(context),
        headers: { authorization: context.u!.auth, ...(body ? { 'content-type': body.contentType } : {}) },
        ...(body ? { body: body.body } : {}),
      };
    },
    onResponse: (status, body, context: Ctx) => {
      (statuses[step.label] ??= {})[status] = (statuses[step.label]![status] ?? 0) + 1;
      if (step.capture && status < 300) {
        const parsed = JSON.parse(body);
        (context as Record<string, number>)[step.capture] = parsed.id ?? parsed.univer_id;
      }
    },
  }));
  return { requests, statuses };
}

/** Runs the workload; returns autocannon's result and the status codes seen per kind of request. */
export async function runWorkload(url: string, users: User[], options: { connections: number; durationS: number }) {
  const universe = await form({
    name: 'Garage',
    description: 'Créé par la charge',
    image: { filename: 'garage.png', data: PNG, type: 'image/png' },
  });
  const appliance = await form({ data: JSON.stringify({ prod_id: 5, marque: 'Charge', modele: 'C-1', dt_achat: '2023-05-01' }) });
  const { requests, statuses } = workload(users, { universe, appliance });
  const result = await autocannon({ url, connections: options.connections, duration: options.durationS, requests, timeout: 30 });
  return { result, statuses };
}

/** `count` users seeded through the API, five at a time. */
export async function seedUsers(url: string, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < count; i += 5)
    users.push(...(await Promise.all([0, 1, 2, 3, 4].slice(0, count - i).map((k) => seedUser(url, i + k)))));
  return users;
}

/** One user holding `count` appliances (the query-heavy list of bench/pglite-stall.ts). */
export async function heavyUser(url: string, count: number, n = 9999): Promise<{ id: number; auth: string; applianceIds: number[] }> {
  const user = await seedUser(url, n);
  const u = `${url}/api/V1/profils/users/${user.id}`;
  for (let i = user.applianceIds.length; i < count; i++) {
    const data = await form({
      data: JSON.stringify({
        prod_id: (i % 60) + 1,
        marque: `Marque ${i}`,
        modele: `M-${i}`,
        dt_achat: '2022-01-01',
        note: 'Appareil de charge',
      }),
    });
    const appliance = await call(`${u}/foyers/univers/${user.universeId}/appliances`, {
      method: 'POST',
      auth: user.auth,
      headers: { 'content-type': data.contentType },
      body: data.body,
    });
    user.applianceIds.push(appliance.id);
  }
  return { id: user.id, auth: user.auth, applianceIds: user.applianceIds };
}
