import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { freshSchemaUrl, LIFTED_LIMITS, type ServerProcess, startServer, tempDataDir } from '../../test/server-process.ts';
import { multipart, PDF, PNG } from '../../test/multipart.ts';
import { smtpCapture } from '../../test/smtp-capture.ts';

/**
 * Faults on the real server process (`node --import tsx src/main.ts`), on the database the suite
 * runs on (PGlite in DATA_DIR, or a fresh PostgreSQL schema with DATABASE_URL): killed during
 * writes, stopped with requests in flight, and (PostgreSQL) its database gone and back.
 */
const databaseUrl = process.env.DATABASE_URL;
const PASSWORD = 'Secret1!ok';

interface User {
  id: number;
  auth: string;
}

async function call(
  url: string,
  init: { method?: string; auth?: string; json?: unknown; form?: Awaited<ReturnType<typeof multipart>>; timeoutMs?: number } = {},
) {
  const headers: Record<string, string> = {};
  if (init.auth) headers.authorization = init.auth;
  let body: RequestInit['body'];
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = init.form.headers['content-type'];
    body = new Uint8Array(init.form.payload);
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signUp(base: string, email: string): Promise<User> {
  await call(`${base}/api/auth/signup`, { method: 'POST', json: { firstname: 'Camille', lastname: 'Durand', email, password: PASSWORD } });
  const res = await call(`${base}/api/auth/signin`, { method: 'POST', json: { username: email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return { id: res.body.id, auth: `Bearer ${res.body.accessToken}` };
}

const keyOf = (url: string | null) => (url ? decodeURIComponent(new URL(url, 'http://x').pathname.replace('/api/V1/files/', '')) : null);

/** Every file under DATA_DIR/files, unfinished writes included. */
function filesOnDisk(dataDir: string): string[] {
  try {
    return (readdirSync(path.join(dataDir, 'files'), { recursive: true }) as string[])
      .filter((f) => /\.(jpg|png|webp|pdf|part)$/.test(f))
      .sort();
  } catch {
    return [];
  }
}

/** The file keys the user's rows hold, read through the API; fails on a row missing its fields. */
async function keysInRows(base: string, user: User): Promise<string[]> {
  const u = `${base}/api/V1/profils/users/${user.id}`;
  const universes = await call(`${u}/foyers/customunivers`, { auth: user.auth });
  const appliances = await call(`${u}/appliances`, { auth: user.auth });
  expect([universes.status, appliances.status]).toEqual([200, 200]);
  for (const a of appliances.body) expect(a.marque && a.modele && a.name && a.univer_id).toBeTruthy();
  const keys = [
    ...universes.body.map((x: { image: string | null }) => keyOf(x.image)),
    ...appliances.body.flatMap((x: { pict: string | null; facture: string | null; notice: string | null }) => [
      keyOf(x.pict),
      keyOf(x.facture),
      keyOf(x.notice),
    ]),
  ];
  return keys.filter((k): k is string => k !== null).sort();
}

/**
 * Each test has its own DATA_DIR (and PostgreSQL schema) and its own server processes, stopped
 * when it ends: no test reuses another's server or data, so they pass in any order.
 */
async function isolated(label: string) {
  const dataDir = tempDataDir(label);
  const schema = databaseUrl ? await freshSchemaUrl(databaseUrl, label) : null;
  const env = { DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: schema.url } : {}), SCHEDULER_INTERVAL_SECONDS: '0', ...LIFTED_LIMITS };
  const servers: ServerProcess[] = [];
  onTestFinished(async () => {
    for (const server of servers) await server.stop();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    async start() {
      const server = await startServer(env);
      servers.push(server);
      return server;
    },
  };
}

/** Polls `check` until it is true (a condition, not a fixed sleep), failing after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`server process faults (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  // PGlite only: its data folder is one process's, so the next process takes the dead one's jobs at
  // once. With PostgreSQL another replica takes them when their lease ends (lib/job-runner.test.ts).
  it.skipIf(databaseUrl)(
    'killed (SIGKILL) while building a dossier, builds it after the restart, once',
    async () => {
      const { start } = await isolated('faults-dossier');
      let server = await start();
      const user = await signUp(server.url, 'dossier-kill@exemple.fr');
      const path_ = `/api/V1/profils/users/${user.id}`;
      const csv = ['Type d’appareil;Marque;Modèle', ...Array.from({ length: 200 }, (_, i) => `Lave-linge;Bosch;Série ${i}`)].join('\r\n');
      const imported = await call(`${server.url}${path_}/import/appareils`, {
        method: 'POST',
        auth: user.auth,
        json: { contenu: csv, appliquer: true },
      });
      expect([imported.status, imported.body.crees]).toEqual([200, 200]);
      const asked = await call(`${server.url}${path_}/dossier`, { method: 'POST', auth: user.auth, json: {} });
      expect([asked.status, asked.body.statut]).toEqual([202, 'en-cours']);
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');

      server = await start();
      await until(
        async () => (await call(`${server.url}${path_}/dossier/${asked.body.id}`, { auth: user.auth })).body.statut === 'pret',
        'the dossier asked before the kill',
        60_000,
      );
      const list = await call(`${server.url}${path_}/dossier`, { auth: user.auth });
      expect(list.body.map((d: { id: string }) => d.id)).toEqual([asked.body.id]);
      const file = await fetch(`${server.url}${path_}/dossier/${asked.body.id}/fichier`, { headers: { authorization: user.auth } });
      expect(file.status).toBe(200);
    },
    180_000,
  );

  it.skipIf(databaseUrl)(
    'killed (SIGKILL) while writing a CSV import, writes it after the restart, once, and says so on the household’s page',
    async () => {
      const { start } = await isolated('faults-import');
      let server = await start();
      const user = await signUp(server.url, 'import-kill@exemple.fr');
      const path_ = `/api/V1/profils/users/${user.id}`;
      const rows = 3000;
      const csv = ['Type d’appareil;Marque;Modèle', ...Array.from({ length: rows }, (_, i) => `Lave-linge;Bosch;Série ${i}`)].join('\r\n');
      const res = await fetch(`${server.url}${path_}/import/appareils`, {
        method: 'POST',
        headers: { authorization: user.auth, 'content-type': 'application/json', accept: 'application/x-ndjson' },
        body: JSON.stringify({ contenu: csv, appliquer: true }),
      });
      expect(res.status).toBe(200);
      // The progress lines as they come, until rows are being written (in the import's transaction).
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const writing = () =>
        text.split('\n').some((line) => {
          if (!line.startsWith('{')) return false;
          const parsed = JSON.parse(line) as { etape?: string; fait?: number };
          return parsed.etape === 'ecriture' && (parsed.fait ?? 0) > 0;
        });
      while (!writing()) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the import ended before it was killed: ${text.slice(-300)}`);
        text += decoder.decode(value, { stream: true });
      }
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await reader.cancel().catch(() => undefined);

      server = await start();
      await until(
        async () => (await call(`${server.url}${path_}/import/appareils/dernier`, { auth: user.auth })).body?.etat === 'fait',
        'the import',
        60_000,
      );
      const last = await call(`${server.url}${path_}/import/appareils/dernier`, { auth: user.auth });
      expect(last.body).toMatchObject({ etat: 'fait', resultat: { crees: rows, misAJour: 0 } });
      const appliances = await call(`${server.url}${path_}/appliances`, { auth: user.auth });
      expect(appliances.body).toHaveLength(rows);
      expect(new Set(appliances.body.map((a: { modele: string }) => a.modele)).size).toBe(rows);
    },
    180_000,
  );

  it.skipIf(databaseUrl)(
    'killed (SIGKILL) while handing a reset mail to a mail server that hangs, sends it once after the restart',
    async () => {
      // A mail server that takes the connection and never answers: the send is in flight when the process dies.
      const hung: net.Socket[] = [];
      const silent = net.createServer((socket) => hung.push(socket));
      silent.listen(0, '127.0.0.1');
      await new Promise((resolve) => silent.once('listening', resolve));
      const port = (silent.address() as net.AddressInfo).port;
      const dataDir = tempDataDir('faults-mail');
      const env = { DATA_DIR: dataDir, SCHEDULER_INTERVAL_SECONDS: '0', SMTP_URL: `smtp://127.0.0.1:${port}`, ...LIFTED_LIMITS };
      let server = await startServer(env);
      let smtp: Awaited<ReturnType<typeof smtpCapture>> | null = null;
      onTestFinished(async () => {
        await server.stop();
        await smtp?.close();
        rmSync(dataDir, { recursive: true, force: true });
      });
      await signUp(server.url, 'mail-kill@exemple.fr');
      const asked = await call(`${server.url}/api/auth/forgotpassword`, { method: 'POST', json: { email: 'mail-kill@exemple.fr' } });
      expect(asked.status).toBe(200);
      await until(async () => hung.length > 0, 'the send to the hung mail server');
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      for (const socket of hung) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));

      // The mail server is repaired on the same address; the next process sends what the dead one held, at once.
      smtp = await smtpCapture(port);
      server = await startServer(env);
      await until(async () => smtp!.mails.some((m) => m.subject === API_MSG.resetMailSubject), 'the reset mail after the restart', 20_000);
      // Nothing more is due: the same mail is not sent twice.
      const resets = smtp.mails.filter((m) => m.subject === API_MSG.resetMailSubject);
      expect(resets).toHaveLength(1);
      expect(resets[0]!.messageId).toMatch(/^<ecofoyer-mail-\d+@/);
    },
    120_000,
  );

  it('killed (SIGKILL) during uploads and appliance writes, restarts with no half-written row and no orphan file', async () => {
    const { dataDir, start } = await isolated('faults-kill');
    let server = await start();
    const base = server.url;
    const user = await signUp(base, 'kill@exemple.fr');
    const u = `${base}/api/V1/profils/users/${user.id}`;
    const room = await call(`${u}/foyers/univers`, {
      method: 'POST',
      auth: user.auth,
      form: await multipart({ name: 'Cuisine', description: '' }),
    });
    expect(room.status).toBe(201);

    // Eight clients writing: appliances with a picture, picture and invoice replaced, universes
    // with an image, deletions, until the process dies under them.
    let killed = false;
    let done = 0;
    const writer = async (n: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const created = await call(`${u}/foyers/univers/${room.body.univer_id}/appliances`, {
            method: 'POST',
            auth: user.auth,
            form: await multipart({
              data: JSON.stringify({ prod_id: 1, marque: `M${n}`, modele: `${i}` }),
              image: { filename: 'a.png', data: PNG, type: 'image/png' },
            }),
          });
          if (created.status !== 201) continue;
          done++;
          const a = `${base}/api/V1/profils/users/foyers/univers/appliances/${created.body.id}`;
          await call(`${a}/image`, {
            method: 'PUT',
            auth: user.auth,
            form: await multipart({ file: { filename: 'b.png', data: PNG, type: 'image/png' } }),
          });
          await call(`${a}/facture`, {
            method: 'PUT',
            auth: user.auth,
            form: await multipart({ file: { filename: 'f.pdf', data: PDF, type: 'application/pdf' } }),
          });
          const extra = await call(`${u}/foyers/univers`, {
            method: 'POST',
            auth: user.auth,
            form: await multipart({ name: `Pièce ${n}-${i}`, description: '', image: { filename: 'c.png', data: PNG, type: 'image/png' } }),
          });
          if (i % 2 === 0) await call(a, { method: 'DELETE', auth: user.auth });
          if (extra.status === 201 && i % 3 === 0)
            await call(`${u}/foyers/univers/${extra.body.univer_id}`, { method: 'DELETE', auth: user.auth });
        } catch {
          // The connection dies with the process.
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, n) => writer(n));
    while (done < 12) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    killed = true;
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(writers);

    // What a kill between writing a file and saving its row leaves, made certain: a stored file no
    // row names and an unfinished write.
    const userDir = path.join(dataDir, 'files', 'users', String(user.id));
    mkdirSync(userDir, { recursive: true });
    writeFileSync(path.join(userDir, `${randomUUID()}.png`), PNG);
    writeFileSync(path.join(userDir, `${randomUUID()}.png.part`), PNG.subarray(0, 20));
    if (databaseUrl) {
      // On PostgreSQL another replica may be mid-upload: only files older than 10 minutes are
      // swept. Age them as the clock would have.
      const past = new Date(Date.now() - 3600_000);
      for (const f of filesOnDisk(dataDir)) utimesSync(path.join(dataDir, 'files', f), past, past);
    }

    server = await start();
    const restarted = server.url;
    // The sweep runs at start, beside the first requests: wait until it is over.
    let rows: string[] = [];
    let files: string[] = [];
    const deadline = Date.now() + 10_000;
    do {
      rows = await keysInRows(restarted, user);
      files = filesOnDisk(dataDir);
      if (JSON.stringify(rows) === JSON.stringify(files)) break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < deadline);
    expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(files).toEqual(rows);
    expect(rows.length).toBeGreaterThan(0);
    // …and it works on.
    const after = await call(`${u.replace(base, restarted)}/foyers/univers/${room.body.univer_id}/appliances`, {
      method: 'POST',
      auth: user.auth,
      form: await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Après', modele: 'redémarrage' }) }),
    });
    expect(after.status).toBe(201);
  }, 60_000);

  it('stops on SIGTERM after finishing the requests in flight, refusing new connections meanwhile', async () => {
    const { dataDir, start } = await isolated('faults-term');
    const server = await start();
    const { port, url } = server;
    const user = await signUp(url, 'term@exemple.fr');
    const u = `/api/V1/profils/users/${user.id}`;
    const room = await call(`${url}${u}/foyers/univers`, {
      method: 'POST',
      auth: user.auth,
      form: await multipart({ name: 'Salon', description: '' }),
    });
    const form = await multipart({
      data: JSON.stringify({ prod_id: 2, marque: 'Lente', modele: 'L1' }),
      image: { filename: 'slow.png', data: PNG, type: 'image/png' },
    });

    // A slow upload: half of its body, SIGTERM, then the rest.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `${u}/foyers/univers/${room.body.univer_id}/appliances`,
          headers: { ...form.headers, authorization: user.auth, 'content-length': form.payload.length, expect: '100-continue' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(form.payload.length / 2);
      // « 100 Continue » says the server has the request and routed it: from then on it is in
      // flight, and a stop must wait for it (a condition, not a guess at how long that takes).
      req.once('continue', () => req.write(form.payload.subarray(0, half), () => void stop().catch(reject)));
      req.flushHeaders();
      const stop = async () => {
        server.child.kill('SIGTERM');
        // The listening socket closes: a new connection (a fresh TCP one, never a pooled keep-alive
        // socket) is refused.
        await until(
          async () =>
            (refusedCode = await new Promise<string | null>((done) => {
              const socket = net.connect({ port, host: '127.0.0.1' });
              socket.once('connect', () => {
                socket.destroy();
                done(null);
              });
              socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
            })) === 'ECONNREFUSED',
          'the listening socket to close',
        );
        req.end(form.payload.subarray(half));
      };
    });
    let refusedCode: string | null | undefined;
    const res = await response;
    expect(refusedCode).toBe('ECONNREFUSED');
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ marque: 'Lente', pict: expect.stringContaining('/api/V1/files/') });
    expect(await server.exited).toBe(0);
    expect(filesOnDisk(dataDir).filter((f) => f.endsWith('.part'))).toEqual([]);
  }, 60_000);
});

/** A TCP relay to PostgreSQL that the test cuts and restores: the outage, without touching the real server. */
function tcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  return {
    get port() {
      return port;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer((client) => {
          const upstream = net.connect(target.port, target.host);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => undefined);
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as net.AddressInfo).port;
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server ? server.close(() => resolve()) : resolve();
        server = null;
      }),
  };
}

describe.skipIf(!databaseUrl)('PostgreSQL gone and back under load (skipped: set DATABASE_URL to run it)', () => {
  let schema: Awaited<ReturnType<typeof freshSchemaUrl>>;
  let server: ServerProcess;
  let relay: ReturnType<typeof tcpRelay>;
  let dataDir: string;

  beforeAll(async () => {
    schema = await freshSchemaUrl(databaseUrl!, 'outage');
    const direct = new URL(schema.url);
    relay = tcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.start();
    const relayed = new URL(schema.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    dataDir = tempDataDir('outage');
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: relayed.toString(), SCHEDULER_INTERVAL_SECONDS: '0', ...LIFTED_LIMITS });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await relay?.stop();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a French message while the database is away (no 500, no hang), and recovers by itself', async () => {
    const user = await signUp(server.url, 'panne@exemple.fr');
    const u = `${server.url}/api/V1/profils/users/${user.id}`;
    let phase: 'up' | 'cut' | 'down' | 'back' = 'up';
    let cutAt = Infinity;
    let restoredAt = Infinity;
    let running = true;
    const seen: { phase: string; status: number; body: { message?: string; code?: string } | null; ms: number; endedAt: number }[] = [];
    const client = async (n: number) => {
      while (running) {
        const started = Date.now();
        const at = phase;
        // A hang (8 s), a dropped connection or a dead server is status 0.
        const res = await call(n % 2 ? `${u}/appliances` : `${u}/notifs/count`, { auth: user.auth, timeoutMs: 8000 }).catch(() => ({
          status: 0,
          body: null,
        }));
        seen.push({ phase: at, status: res.status, body: res.body, ms: Date.now() - started, endedAt: Date.now() });
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    const count = (phase: string, status?: number) =>
      seen.filter((s) => s.phase === phase && (status === undefined || s.status === status)).length;

    // Phases end on what was seen, not on a clock: a busy machine only makes them longer.
    await until(async () => count('up', 200) >= 6, 'answers while the database is up');
    // Requests in flight at the cut may end either way; those that started after it must be 503.
    phase = 'cut';
    cutAt = Date.now();
    await relay.stop();
    await until(async () => count('cut') >= 6, 'the requests in flight at the cut to end');
    phase = 'down';
    await until(async () => count('down') >= 12, 'answers while the database is away');
    const health = await call(`${server.url}/api/health`);
    expect(health).toEqual({ status: 503, body: { status: 'degraded', db: 'down', disk: 'ok' } });

    phase = 'back';
    restoredAt = Date.now();
    await relay.start();
    await until(async () => (await call(`${server.url}/api/health`)).status === 200, 'health to recover');
    await until(
      async () =>
        seen
          .filter((s) => s.phase === 'back')
          .slice(-6)
          .every((s) => s.status === 200) && count('back', 200) >= 6,
      'answers once it is back',
    );
    running = false;
    await Promise.all(clients);

    expect(new Set(seen.map((s) => s.status))).toEqual(new Set([200, 503]));
    expect(seen.filter((s) => s.endedAt < cutAt).every((s) => s.status === 200)).toBe(true);
    // Started well after the cut, ended before the database came back: nothing but 503.
    const down = seen.filter((s) => s.phase === 'down' && s.endedAt < restoredAt);
    expect(down.length).toBeGreaterThan(0);
    for (const s of down) expect(s).toMatchObject({ status: 503, body: { message: API_MSG.dbUnavailable, code: 'DATABASE_UNAVAILABLE' } });
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(6000);
    // Recovered: the last second answered normally.
    expect(
      seen
        .filter((s) => s.phase === 'back')
        .slice(-6)
        .every((s) => s.status === 200),
    ).toBe(true);
    expect((await call(`${server.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
