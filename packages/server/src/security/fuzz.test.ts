import { API_MSG, CLAIM_MSG, MSG } from '@ecofoyer/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML, JPEG, PDF, PNG, WEBP } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type ApiRoute, fillUrl, type JsonSchema, routeTableAtCollection } from '../../test/security/route-table.ts';
import { MailQueue } from '../lib/mail-queue.ts';
import { type Household, pushService, type Session, seedHousehold, signUpAndIn } from '../../test/security/seed.ts';
import { webDistFixture } from '../../test/web-dist-fixture.ts';

/**
 * Property-based fuzzing of every route of the route table, signed in as a user with one
 * of everything. Inputs come from each route's OpenAPI schema — valid-looking values mixed with
 * wrong types, huge and unicode strings, prototype-pollution keys, SQL-ish and path-traversal
 * strings, nested objects, broken JSON, mismatched content types, hostile multipart parts.
 * Properties: never a 5xx; a 4xx is a JSON body whose message is one of the French texts of
 * messages.fr.ts; and a 4xx changes nothing in the database.
 *
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run --project server fuzz
 */

const SEED = Number(process.env.FUZZ_SEED ?? 8_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Tables written on purpose by refused requests: attempt counters (sign-in failures among them) and the security log. */
const WRITTEN_ON_REFUSAL = new Set(['rate_limits', 'audit_log', 'signin_failures']);
/**
 * Tables one route writes on purpose when it refuses: an import that writes is a job of the runner
 * (decision 028), so a file its job refuses (400) is the household's last import, failed, kept to be
 * shown after a reload (GET …/import/appareils/dernier), with its job done.
 */
const WRITTEN_ON_REFUSAL_BY_ROUTE: Record<string, string[]> = {
  'POST /api/V1/profils/users/:userId/import/appareils': ['inventory_imports', 'jobs'],
};

/** The static handler's files: a fixture, so that the test has files to fuzz before any build. */
const WEB_DIST = webDistFixture();
/** One test per route: the table is read while the file is collected. */
const routes = await routeTableAtCollection({ WEB_DIST });

let push: Awaited<ReturnType<typeof pushService>>;
let t: TestApp;
let user: Session;
let home: Household;
let TABLES: string[];
let snapshot: () => Promise<Record<string, string>>;

beforeAll(async () => {
  push = await pushService();
  t = await createTestApp({ PUSH_ALLOW_HTTP: 'true', WEB_DIST });
  user = await signUpAndIn(t, { email: 'fuzz@exemple.fr', firstname: 'Camille', lastname: 'Durand' });
  home = await seedHousehold(t, user, 'Fuzz', push.endpoint('fuzz'));
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' order by tablename`.execute(t.db);
  TABLES = rows.map((r) => r.tablename).filter((name) => !WRITTEN_ON_REFUSAL.has(name));
  // Row count and checksum of every table, in one query.
  const query = sql<Record<string, string>>`select ${sql.join(
    TABLES.map(
      (name) =>
        sql`(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${sql.table(name)} x) as ${sql.ref(name)}`,
    ),
  )}`;
  snapshot = async () => (await query.execute(t.db)).rows[0]!;
});

afterAll(async () => {
  if (process.env.FUZZ_STATS)
    for (const [key, seen] of statuses)
      if (key.startsWith('GET /api') || (!key.startsWith('GET') && !key.startsWith('HEAD'))) console.log(key, JSON.stringify(seen));
  await t.app.close();
  push.server.close();
});

// ————— what the answers must say —————

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every French text of messages.fr.ts (the pages' and the server's own): the strings, and the templates with their holes. */
const FRENCH: RegExp[] = [...Object.values(MSG), ...Object.values(API_MSG), ...Object.values(CLAIM_MSG)].map((value) => {
  if (typeof value === 'string') return new RegExp(`^${escapeRegExp(value)}`);
  const hole = '\u0000HOLE\u0000';
  const rendered = (value as (...args: string[]) => string)(hole, hole);
  return new RegExp(`^${rendered.split(hole).map(escapeRegExp).join('[^]*')}$`);
});
const isFrench = (message: unknown) => typeof message === 'string' && FRENCH.some((re) => re.test(message));

// ————— hostile values —————

const HOSTILE_STRINGS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "1' UNION SELECT password_hash FROM users --",
  '$1',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  'users/1/../../../etc/passwd.png',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '99999999999999999999999999',
  '2147483648',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '0000-00-00',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant as plain text.
  '${7*7}',
  '\u202eevil\u202c',
  '\ud83d\ude00'.repeat(40),
  'ﬀ\u0301\u0308Ω≈ç√∫',
  '\ud800',
  'x'.repeat(5000),
];
const HOSTILE_NUMBERS = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER];
// The values below that name the user's data are read when a test builds its arbitraries.
const ownIds = () => [
  user.id,
  home.universeId,
  home.applianceId,
  home.secondLifeApplianceId,
  home.eventId,
  home.seriesEventId,
  home.panneEventId,
  home.notificationId,
  home.badgeId,
  home.productId,
  home.maintenanceCardId,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', '__defineGetter__');
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(protoKey, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/**
 * A value for a JSON-schema'd field: mostly plausible, so that a request with one or two hostile
 * fields gets past validation into the services, where the damage would be done.
 */
function valueFor(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: plausible(schema ?? {}, name) }, { weight: 1, arbitrary: hostileValue });
}

function plausible(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...schema, type }, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      if (/^userId$/.test(name))
        return fc.oneof({ weight: 6, arbitrary: fc.constant(user.id) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }) });
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ownIds()) },
        {
          weight: 1,
          arbitrary: fc.integer({ min: Math.max(schema.minimum ?? -1000, -1000), max: Math.min(schema.maximum ?? 100_000, 100_000) }),
        },
      );
    case 'array':
      return fc.array(valueFor(schema.items), { maxLength: 3 });
    case 'object':
      return objectFor(schema);
    case 'string':
      return plausibleString(schema, name);
    default:
      return hostileValue;
  }
}

function plausibleString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  // A push endpoint must never reach the network (PUSH_ALLOW_HTTP is on): the local push service,
  // a closed local port, and schemes the server refuses.
  if (schema.format === 'uri')
    return fc.constantFrom(
      push.endpoint('fuzz-2'),
      'http://127.0.0.1:1/push',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://exemple.fr/x',
    );
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (/^dt_|date/i.test(name))
    return fc
      .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
      .map((d) => (d.getTime() % 2 ? d.toISOString() : d.toISOString().slice(0, 10)));
  if (/email|username/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constant(user.email));
  if (/password/i.test(name)) return fc.constantFrom('Secret1!ok', 'Nouveau2@pass', 'faible');
  if (/name$/i.test(name))
    return fc.oneof(fc.constantFrom('Camille', 'Zoé-Anne', 'Ñúñez'), fc.string({ minLength: 3, maxLength: 20, unit: 'grapheme' }));
  if (/^url/i.test(name))
    return fc.constantFrom(
      home.fileUrls.temporary.replace(/sig=[^&]+/, 'sig=AAAA'),
      'https://exemple.fr/plaque.png',
      '/api/V1/files/tmp/1/x.png?exp=1&sig=a',
    );
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60), unit: 'grapheme' });
}

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(props).map(([key, s]) =>
    fc.option(valueFor(s, key), { freq: required.has(key) ? 8 : 2, nil: undefined }).map((v) => [key, v] as const),
  );
  const extra = fc.array(fc.tuple(fc.oneof(protoKey, fc.string({ maxLength: 10 })), hostileValue), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, more]) => {
    // Object.defineProperty: `__proto__` becomes an own key, and JSON.stringify sends it.
    const out: Record<string, unknown> = {};
    for (const [key, value] of [...pairs, ...more])
      if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

// ————— requests —————

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const BROKEN_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  'nul',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
];
const HUGE_JSON = JSON.stringify({ note: 'x'.repeat(1_100_000) });
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'image/png',
];

const jsonBody = (route: ApiRoute): fc.Arbitrary<{ payload?: string; type?: string }> => {
  const text = fc.oneof(
    { weight: 12, arbitrary: (route.body ? objectFor(route.body) : hostileValue).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'texte', 42, true, [{}]).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    { weight: 1, arbitrary: fc.constant(HUGE_JSON) },
  );
  return fc.record({
    payload: fc.option(text, { freq: route.body || route.method !== 'GET' ? 8 : 1, nil: undefined }),
    type: fc.option(
      fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...JSON_TYPES) }),
      { freq: 12, nil: undefined },
    ),
  });
};

// Multipart: every field name the upload routes read, and a few they do not.
const PART_NAMES = [
  'file',
  'pict',
  'image',
  'data',
  'name',
  'description',
  'refUniverId',
  '__proto__',
  'constructor',
  'file"; filename="x.png',
  'a\r\nX-Injected: 1',
  '',
];
const FILE_NAMES = ['photo.png', '../../../../etc/passwd', '..\\..\\boot.ini', '', 'x'.repeat(500), 'é\u0000.png', 'a"b.png', 'nul'];
const BIG_FILE = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const fileContent = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(PNG, JPEG, WEBP, PDF) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      Buffer.alloc(0),
      HTML,
      SVG,
      Buffer.concat([PNG, HTML]),
      Buffer.from('GIF89a/*x*/=alert(1)//'),
      PNG.subarray(0, 20),
    ),
  },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
  { weight: 1, arbitrary: fc.constant(BIG_FILE) },
);
const fieldValue = () =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: objectFor({
        type: 'object',
        properties: {
          prod_id: { type: 'integer' },
          marque: { type: 'string' },
          modele: { type: 'string' },
          name: { type: 'string' },
          dt_achat: { type: 'string' },
        },
      }).map((v) => JSON.stringify(v)),
    },
    { weight: 4, arbitrary: fc.constant(JSON.stringify({ prod_id: home.productId, marque: 'Bosch', modele: 'X' })) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant('é'.repeat(70_000)) },
  );
type Part = { name: string; filename?: string; type?: string; data: Buffer };
const fieldPart = (): fc.Arbitrary<Part> =>
  fc.record({ name: fc.constantFrom(...PART_NAMES), data: fieldValue().map((v) => Buffer.from(v)) });
const filePart: fc.Arbitrary<Part> = fc.record({
  name: fc.constantFrom(...PART_NAMES),
  filename: fc.constantFrom(...FILE_NAMES),
  type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/svg+xml', ''),
  data: fileContent,
});
const part = () => fc.oneof(fieldPart(), filePart);

function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"\r\nContent-Type: ${p.type}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** What the upload routes read: a name (universes), the data JSON (appliances) and one file. */
const plausibleForm = () =>
  fc
    .record({
      file: fc.record({
        name: fc.constantFrom('file', 'pict', 'image'),
        filename: fc.constantFrom(...FILE_NAMES),
        type: fc.constant('image/png'),
        data: fileContent,
      }),
      name: fc.oneof(fc.constant('Cellier'), hostileString).map((v) => ({ name: 'name', data: Buffer.from(v) })),
      data: fieldValue().map((v) => ({ name: 'data', data: Buffer.from(v) })),
      extra: fc.oneof(
        { weight: 4, arbitrary: fc.array(fieldPart(), { maxLength: 1 }) },
        { weight: 1, arbitrary: fc.array(filePart, { maxLength: 1 }) },
      ),
    })
    .map(({ file, name, data, extra }) => [name, data, file, ...extra]);

const multipartBodyArb = () =>
  fc
    .record({
      parts: fc.oneof(
        { weight: 6, arbitrary: plausibleForm() },
        { weight: 3, arbitrary: fc.array(part(), { maxLength: 5 }) },
        { weight: 1, arbitrary: fc.array(part(), { minLength: 21, maxLength: 30 }) },
      ),
      boundary: fc.oneof({ weight: 8, arbitrary: fc.constant('----fuzz') }, { weight: 1, arbitrary: fc.constant('') }),
      declared: fc.oneof({ weight: 8, arbitrary: fc.constant('----fuzz') }, { weight: 1, arbitrary: fc.constantFrom('----autre', '') }),
      type: fc.oneof(
        { weight: 8, arbitrary: fc.constant('multipart/form-data') },
        { weight: 1, arbitrary: fc.constantFrom('multipart/mixed', 'application/json', 'text/plain') },
      ),
    })
    .map(({ parts, boundary, declared, type }) => ({
      payload: multipartBody(parts, boundary || '----fuzz'),
      type: type.startsWith('multipart/') && declared ? `${type}; boundary=${declared}` : type,
    }));

/** A path parameter: a plausible value (an id of the user's) or a hostile string, encoded or raw-broken. */
function paramValue(route: ApiRoute, name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const ownKeys = Object.values(home.fileUrls).map((u) => u.split('?')[0]!.replace('/api/V1/files/', ''));
  // The id of the user's own resource that the segment before the parameter names.
  const segment = new RegExp(`/([\\w-]+)/:${name}\\b`).exec(route.url)?.[1] ?? '';
  const own: Record<string, number[]> = {
    univers: [home.universeId],
    appliances: [home.applianceId, home.secondLifeApplianceId],
    events: [home.eventId, home.seriesEventId, home.panneEventId],
    notifs: [home.notificationId],
    badges: [home.badgeId],
    user: [user.id],
  };
  const ids = name === 'userId' ? [user.id] : own[segment];
  const plausibleValue =
    name === '*'
      ? fc.constantFrom(...ownKeys)
      : ids
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...ids).map(String) },
            { weight: 1, arbitrary: plausible(schema, name).map(String) },
          )
        : plausible(schema, name).map(String);
  return fc.oneof(
    { weight: 8, arbitrary: plausibleValue.map((v) => (name === '*' ? v : encodeURIComponent(v))) },
    { weight: 2, arbitrary: hostileString.map(safeEncode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..%2f..%2f', '%2e%2e', '..', '.', '%00', '%c0%ae%c0%ae') },
  );
}

const queryValue = (name: string, schema: JsonSchema) =>
  fc.oneof(
    valueFor(schema, name).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    hostileString,
  );

function queryString(route: ApiRoute): fc.Arbitrary<string> {
  const own = Object.entries(route.query).map(([name, s]) =>
    fc.option(queryValue(name, s), { freq: 6, nil: undefined }).map((v) => [name, v] as const),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        protoKey,
        fc.constantFrom('__proto__[admin]', 'constructor[prototype][admin]', 'a[]', 'exp', 'sig', 'productid'),
        fc.string({ maxLength: 6 }),
      ),
      hostileString,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...own), extra).map(([pairs, more]) => {
    const all = [...pairs, ...more].filter((p): p is readonly [string, string] => p[1] !== undefined);
    return all.length ? `?${all.map(([k, v]) => `${encodeURIComponent(k)}=${safeEncode(v)}`).join('&')}` : '';
  });
}
function safeEncode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}

const headerSafe = (s: string) => /^[\x20-\x7e]*$/.test(s);
const extraHeaders = fc.record(
  {
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '1.2.3.4, 5.6.7.8', "' OR 1=1", '::1', 'unknown'),
    'x-request-id': fc.oneof(fc.string({ maxLength: 20 }).filter(headerSafe), fc.constant('x'.repeat(2000))),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'image/*', '../../'),
    'accept-encoding': fc.constantFrom('gzip, deflate, br', 'identity', '*'),
    'accept-language': fc.constantFrom('fr-FR', 'en', '*', 'xx'),
    cookie: fc.constantFrom('a=b', '__proto__=1', 'session=x'.repeat(50)),
    range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=999999999-', 'lines=1'),
  },
  { requiredKeys: [] },
);
const authorization = () =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(user.headers.authorization) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'Bearer',
        'Bearer x.y.z',
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        `Bearer ${user.accessToken}x`,
      ),
    },
  );

function requestFor(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const params = Object.entries(route.params).map(([name, schema]) => paramValue(route, name, schema).map((v) => [name, v] as const));
  const body = route.multipart
    ? fc.oneof({ weight: 4, arbitrary: multipartBodyArb() }, { weight: 1, arbitrary: jsonBody(route) })
    : jsonBody(route);
  return fc
    .record({ params: fc.tuple(...params), query: queryString(route), body, headers: extraHeaders, authorization: authorization() })
    .map(({ params: values, query, body: b, headers, authorization: auth }) => {
      const all: Record<string, string> = { ...headers, ...(auth ? { authorization: auth } : {}) };
      if (b.type) all['content-type'] = b.type;
      return { method: route.method, url: fillUrl(route.url, Object.fromEntries(values)) + query, headers: all, payload: b.payload };
    });
}

// ————— the properties —————

/** FUZZ_STATS=1 prints, per route, how often each status came back (are the inputs getting through?). */
const statuses = new Map<string, Record<string, number>>();

async function check(route: ApiRoute, request: FuzzRequest): Promise<void> {
  // The mail a previous request queued is sent in the background: let it finish first.
  if (t.app.deps.mailer instanceof MailQueue) await t.app.deps.mailer.drain();
  // So is a dossier a previous request asked for: it writes its progress as it goes.
  await t.app.services.dossier.idle();
  const before = await snapshot();
  const res = await t.app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  const seen = statuses.get(route.key) ?? {};
  const label = `${res.statusCode}${res.statusCode >= 400 && res.body && String(res.headers['content-type']).startsWith('application/json') ? ` ${res.json().code}` : ''}`;
  seen[label] = (seen[label] ?? 0) + 1;
  statuses.set(route.key, seen);
  const where = `${request.method} ${request.url.slice(0, 200)} → ${res.statusCode}`;
  // A lookup asks a service that is off in tests (test-app.ts): its 503 is the designed answer.
  const serviceOff = res.statusCode === 503 && route.url.startsWith('/api/V1/identification/');
  if (res.statusCode >= 500 && !serviceOff) throw new Error(`${where}: ${res.body.slice(0, 300)}`);
  if (res.statusCode < 400) return;
  // The API's error format; the built web app's files answer as @fastify/static does.
  if (request.method !== 'HEAD' && request.url.startsWith('/api/')) {
    expect(res.headers['content-type'], where).toMatch(/^application\/json/);
    const body = res.json() as { message?: unknown; code?: unknown; errors?: { message: unknown }[] };
    expect(typeof body.code, `${where}: code`).toBe('string');
    expect(isFrench(body.message), `${where}: message not in messages.fr.ts: ${String(body.message)}`).toBe(true);
    for (const e of body.errors ?? [])
      expect(isFrench(e.message), `${where}: errors[].message not French: ${String(e.message)}`).toBe(true);
  }
  const after = await snapshot();
  const changed = TABLES.filter((name) => before[name] !== after[name] && !WRITTEN_ON_REFUSAL_BY_ROUTE[route.key]?.includes(name));
  expect(changed, `${where} changed the database`).toEqual([]);
}

/** Reads first, then writes, deletions last: the user's data is there for as long as possible. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const fuzzed = routes.filter((r) => r.url.startsWith('/api/')).sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
const staticFiles = routes.filter((r) => !r.url.startsWith('/api/'));

describe('what the fuzzing found, pinned whatever the seed', () => {
  const send = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...user.headers, ...(options.headers as object) } });
  const base = () => `/api/V1/profils/users/${user.id}`;

  it('gives zod’s own checks a French message (they were English: "Invalid input: expected number…")', async () => {
    for (const res of [
      await send({ url: '/api/V1/profils/users/abc/appliances' }),
      await send({ method: 'POST', url: '/api/V1/assistant/chat', payload: [] }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: API_MSG.invalidInput, code: 'VALIDATION' });
      for (const e of res.json().errors) expect(isFrench(e.message)).toBe(true);
    }
  });

  it('answers a malformed URL and an over-long path parameter in French JSON (they echoed the URL in English)', async () => {
    for (const url of [
      `${base()}/foyers/univers/%c0%ae%c0%ae`,
      '/api/V1/public/badges/%E0%A4%A',
      `/api/V1/public/badges/${'x'.repeat(300)}`,
    ]) {
      const res = await send({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ message: API_MSG.invalidInput });
      expect(res.body).not.toContain('%c0');
    }
  });

  it('refuses values PostgreSQL cannot hold, and dates no one plans on, with 400 and stores nothing', async () => {
    const before = await snapshot();
    const cases: InjectOptions[] = [
      { method: 'POST', url: '/api/V1/mia/question', payload: { userQuestion: 'Il fuit', applianceId: 2 ** 31 } },
      { url: `${base()}/foyers/univers/${2 ** 31}` },
      { url: `/api/V1/profils/users/foyers/univers/appliances/${Number.MAX_SAFE_INTEGER}` },
      { method: 'POST', url: `${base()}/events`, payload: { title: 'a\u0000b', dt_realisation: '2026-12-01' } },
      { method: 'POST', url: `${base()}/events`, payload: { title: 'Avant notre ère', dt_realisation: '-271821-04-20T00:00:00Z' } },
      // A series from that far back was expanded to today: hundreds of thousands of rows, a 503 after 20 s.
      {
        method: 'POST',
        url: `${base()}/events/period`,
        payload: { title: 'x', dt_realisation: '-271821-04-20T00:00:00Z', frequency: 'yearly' },
      },
      {
        method: 'POST',
        url: `${base()}/events/period`,
        payload: { title: 'x', dt_realisation: '1500-01-01T00:00:00Z', frequency: 'monthly' },
      },
      { method: 'POST', url: '/api/devices', payload: { marque: 'Nul\u0000', modele: 'X' } },
    ];
    for (const options of cases) {
      const res = await send(options);
      expect(res.statusCode, `${options.method ?? 'GET'} ${options.url} ${res.body}`).toBe(400);
      expect(isFrench(res.json().message)).toBe(true);
    }
    // A NUL in a sign-in name reached the rate limiter's key: 500.
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'a\u0000b', password: 'faible' } });
    expect(signin.statusCode).toBe(400);
    const after = await snapshot();
    expect(TABLES.filter((name) => before[name] !== after[name])).toEqual([]);
  });
});

describe(`fuzzing every route of the table (seed ${SEED}, ${RUNS} runs per route)`, () => {
  it('covers the whole API', () => {
    expect(fuzzed.length).toBeGreaterThan(60);
    expect(TABLES).toEqual(
      expect.arrayContaining([
        'users',
        'universes',
        'appliances',
        'events',
        'notifications',
        'push_subscriptions',
        'user_badges',
        'refresh_tokens',
      ]),
    );
  });

  for (const route of fuzzed) {
    it(route.key, async () => {
      // HEAD is its GET's handler without a body: a few runs are enough.
      const numRuns = route.method === 'HEAD' ? Math.ceil(RUNS / 4) : RUNS;
      await fc.assert(
        fc.asyncProperty(requestFor(route), (request) => check(route, request)),
        { numRuns, seed: SEED, endOnFailure: true },
      );
    });
  }

  it(`the built web app’s ${staticFiles.length} static files`, async () => {
    // Zero files would pass without fuzzing anything: the fixture has six.
    expect(staticFiles.length).toBeGreaterThanOrEqual(6);
    // One handler (@fastify/static) behind hundreds of routes: one run each.
    for (const route of staticFiles)
      await fc.assert(
        fc.asyncProperty(requestFor(route), (request) => check(route, request)),
        { numRuns: 1, seed: SEED, endOnFailure: true },
      );
  });
});
