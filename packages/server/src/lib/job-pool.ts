import { availableParallelism } from 'node:os';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { API_MSG } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import { HttpError, serviceUnavailable } from './errors.ts';

/** Jobs waiting for the thread beyond the one it runs: past this, a new one is refused at once. */
const MAX_WAITING = 8;
/** A thread without a job for this long ends (its libraries, ~60 MB, leave with it). */
const IDLE_MS = 30_000;
/** The jobs' CPU priority: the event loop (0) comes first when both want the same core. */
const NICE = 10;

export interface JobPoolOptions {
  /** The heap a job may use (the thread's old generation), in MB: past it the thread is ended and the job fails. */
  memoryMb: number;
  /** Threads at most; one core is left to the event loop. */
  threads?: number;
  log: FastifyBaseLogger;
}

export interface JobOptions {
  /** How long the job may run once a thread has started it; then the thread is ended and the job fails. */
  timeMs: number;
  /** What the job asks of the main thread while it runs (a file read, a photo resized) and its answer. */
  answer?: (request: never) => Promise<{ value: unknown; transfer?: Transferable[] }>;
  /** What the job tells as it goes (its progress), in order. */
  onEvent?: (event: never) => Promise<void> | void;
  /** The input's buffers to move to the thread rather than copy. */
  transfer?: Transferable[];
}

/** The main thread's side of a job's channel (job-pool.worker.mjs holds the other). */
export interface JobChannel {
  ask<T>(request: unknown): Promise<T>;
  tell(event: unknown): void;
}

/**
 * CPU-bound work off the event loop (decision 021): a PDF's layout, an invoice's
 * check and merge, a CSV file's reading and plan run on a small pool of threads (piscina), one job a
 * thread, at a lower CPU priority, each with a heap limit and a time limit. A job is a function
 * exported by a module under src/ (`modules/labels/label-sheet-pdf#labelSheetJob`) called with its
 * input and a channel; what needs the database, the file store or sharp (already on libuv's
 * threads) stays here and answers the job's requests. A job over its limits, or refused because too
 * many wait, fails with a French message (503); the server goes on answering.
 */
/**
 * Bytes on an ArrayBuffer of their own, to be moved to a job's thread (`transfer`): a Buffer may sit in
 * Node's shared pool, and moving its ArrayBuffer would take the pool's other bytes away with it.
 */
export const ownBytes = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

export class JobPool {
  private readonly pool: Piscina;

  constructor(private readonly options: JobPoolOptions) {
    this.pool = new Piscina({
      filename: new URL('./job-pool.worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads ?? Math.max(1, availableParallelism() - 1),
      maxQueue: MAX_WAITING,
      idleTimeout: IDLE_MS,
      niceIncrement: NICE,
      // A job waits for the main thread's answers: the thread must not sleep on Atomics between messages.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
  }

  async run<T>(job: string, input: unknown, options: JobOptions): Promise<T> {
    const [module, fn] = job.split('#') as [string, string];
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let overTime = false;
    let events: Promise<void> = Promise.resolve();
    let ended!: () => void;
    const end = new Promise<void>((resolve) => (ended = resolve));
    port1.once('close', () => ended());
    port1.on('message', (message: { started?: true; end?: true; event?: never; id?: number; ask?: never }) => {
      if (message.end) {
        ended();
        return;
      }
      if (message.started) {
        timer = setTimeout(() => {
          overTime = true;
          abort.abort();
        }, options.timeMs);
        return;
      }
      if (message.event !== undefined) {
        const event = message.event;
        events = events
          .then(() => options.onEvent?.(event))
          .catch((err: unknown) => this.options.log.warn({ err, job }, 'job event not handled'));
        return;
      }
      if (message.ask === undefined || !options.answer) return;
      options.answer(message.ask).then(
        ({ value, transfer }) => port1.postMessage({ id: message.id, value }, transfer),
        (err: unknown) => port1.postMessage({ id: message.id, error: String((err as Error)?.message ?? err) }),
      );
    });
    try {
      const result = await this.pool.run(
        { module, fn, input, port: port2 },
        { transferList: [port2, ...(options.transfer ?? [])] as never, signal: abort.signal },
      );
      // The answer may overtake the job's last events (another channel): they are all handled first.
      await end;
      await events;
      const refused = (
        result as {
          jobRefused?: { statusCode: number; code: string; message: string; errors?: { path: string; message: string }[] };
        } | null
      )?.jobRefused;
      if (refused) throw new HttpError(refused.statusCode, refused.code, refused.message, refused.errors);
      return (result instanceof Uint8Array ? Buffer.from(result.buffer, result.byteOffset, result.byteLength) : result) as T;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (overTime) {
        this.options.log.warn({ job, timeMs: options.timeMs }, 'job stopped: over its time limit');
        throw serviceUnavailable(API_MSG.jobTooLong, 'JOB_TOO_LONG');
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.options.log.warn({ job, memoryMb: this.options.memoryMb }, 'job stopped: over its memory limit');
        throw serviceUnavailable(API_MSG.jobTooLarge, 'JOB_TOO_LARGE');
      }
      if (/queue is at limit/i.test((error as Error).message ?? '')) throw serviceUnavailable(API_MSG.jobQueueFull, 'JOB_QUEUE_FULL');
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  /** Lets the jobs running end (a dossier being built), then ends the threads. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
