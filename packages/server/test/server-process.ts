import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { TEST_SCHEMA_PREFIX } from './test-db.ts';

const MAIN = path.join(REPO_ROOT, 'packages/server/src/main.ts');
/** The server as production runs it: built to JavaScript (`npm run build`), no TypeScript loader. */
const BUILT_MAIN = path.join(REPO_ROOT, 'packages/server/dist/main.js');
/** `npm start` (packages/server/package.json): its environment prefix (NAME=value), node's flags, the entry. */
const START = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/server/package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.split(/\s+/);
/** node's flags exactly as `npm start` gives them, then the built entry. */
const BUILT_ARGS = [...START.filter((arg) => arg.startsWith('--')), BUILT_MAIN];
/** The environment `npm start` sets before node (glibc's MALLOC_ARENA_MAX). */
const BUILT_ENV = Object.fromEntries(START.slice(0, START.indexOf('node')).map((pair) => pair.split('=') as [string, string]));

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every test or benchmark client signs up and uploads from 127.0.0.1: the limits are tested in security/. */
export const LIFTED_LIMITS = {
  RATE_LIMIT_SIGNIN_PER_IP: '10000000',
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: '10000000',
  RATE_LIMIT_SIGNUP_PER_IP: '10000000',
  RATE_LIMIT_UPLOADS_PER_USER: '10000000',
};

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** What the process wrote on stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | string>;
}

/**
 * The real server (`node --import tsx src/main.ts`, or with `built` the JavaScript of `npm run build`, as
 * production runs it) as a child process:
 * no demo, no web app, quiet logs unless `env` says otherwise; `nodeArgs` go to node first (e.g. `--cpu-prof`).
 * Resolves once /api/health answers.
 */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number; built?: boolean; nodeArgs?: string[]; stdout?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...(options.built ? BUILT_ARGS : ['--import', 'tsx', MAIN])], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(tmpdir(), 'ecofoyer-no-web'),
      JWT_SECRET: 'process-secret-process-secret-process-42',
      // No test reaches the network: the recall watch is off.
      RAPPELCONSO_URL: '',
      ...(options.built ? BUILT_ENV : {}),
      ...env,
    },
    // `stdout`: a file descriptor the log goes to instead of this process (a file on a full disk).
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`server exited before answering:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health in time:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    exited,
    output: () => out,
    stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * A fresh PostgreSQL schema for server processes: the URL carries it as the connection's
 * search_path (the server migrates into it). `drop()` removes it.
 */
export async function freshSchemaUrl(databaseUrl: string, label: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `${TEST_SCHEMA_PREFIX}${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const admin = await openDatabase({ databaseUrl, poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

/** A temp DATA_DIR for a server process. */
export function tempDataDir(label: string): string {
  return mkdtempSync(path.join(tmpdir(), `ecofoyer-${label}-`));
}
