import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Algorithm } from '@node-rs/argon2';

/** OWASP's first choice: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The nice value of the hashing threads (0 is the event loop's; 19 the lowest priority). */
export const HASHING_NICE = 10;

type Job = { op: 'hash'; password: string; options: typeof ARGON2_OPTIONS } | { op: 'verify'; hash: string; password: string };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

/**
 * Hashing is CPU-bound (≈ 50 ms on a core). It runs on at most one thread per core but one
 * (passwords.worker.mjs), each at nice 10: a burst of sign-ins queues here and hashes with the
 * CPU the event loop leaves, instead of taking it from every other request (/api/health
 * stays fast during a sign-in flood, bench/signin-flood.ts). Threads start on first use and do
 * not keep the process alive when idle.
 */
class HashingThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  /** The thread's Linux id once started (null elsewhere): tests read its priority. */
  readonly tid: Promise<number | null>;
  busy = 0;

  constructor() {
    this.worker = new Worker(new URL('./passwords.worker.mjs', import.meta.url), { workerData: { nice: HASHING_NICE } });
    this.worker.unref();
    this.tid = new Promise((resolve, reject) => this.pending.set(0, { resolve: resolve as (value: unknown) => void, reject }));
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(reply.message));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`hashing thread exited (code ${code})`)));
  }

  dead = false;

  private fail(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
    this.dead = true;
  }

  async run<T>(job: Job): Promise<T> {
    const id = this.nextId++;
    this.busy++;
    this.worker.ref();
    try {
      return await new Promise<T>((resolve, reject) => {
        this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        this.worker.postMessage({ ...job, id });
      });
    } finally {
      if (--this.busy === 0) this.worker.unref();
    }
  }
}

const MAX_THREADS = Math.max(1, availableParallelism() - 1);
const threads: HashingThread[] = [];
let running = 0;
const waiting: (() => void)[] = [];

/** A thread with no job: with at most MAX_THREADS jobs running, one is idle or can be started. */
function idleThread(): HashingThread {
  for (let i = threads.length - 1; i >= 0; i--) if (threads[i]!.dead) threads.splice(i, 1);
  const idle = threads.find((t) => t.busy === 0);
  if (idle) return idle;
  const thread = new HashingThread();
  threads.push(thread);
  return thread;
}

async function onThread<T>(job: Job): Promise<T> {
  // A slot per thread; a finished job hands its slot straight to the next one waiting.
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await idleThread().run<T>(job);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The Linux thread ids of the hashing threads started so far (tests check their priority). */
export async function hashingThreadIds(): Promise<(number | null)[]> {
  return Promise.all(threads.map((t) => t.tid));
}

export function hashPassword(password: string): Promise<string> {
  return onThread<string>({ op: 'hash', password, options: ARGON2_OPTIONS });
}

// Verified against when the account does not exist, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('pas-de-compte-avec-cet-identifiant');
    await onThread<boolean>({ op: 'verify', hash: await dummyHash, password }).catch(() => false);
    return false;
  }
  try {
    return await onThread<boolean>({ op: 'verify', hash: passwordHash, password });
  } catch {
    return false;
  }
}
