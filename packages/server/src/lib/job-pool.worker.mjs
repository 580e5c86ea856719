// A thread of the job pool (lib/job-pool.ts, decision 021): it runs one CPU-bound job at a time —
// a PDF's layout, an invoice's check and merge, a CSV file's reading and plan — so the event loop
// keeps answering every other household meanwhile. Plain JavaScript: a worker thread gets no
// TypeScript loader, so the job's module is the built `.js` when there is one, else its `.ts`
// source through tsx (development, tests).
import { existsSync } from 'node:fs';
import { move } from 'piscina';

const here = new URL('..', import.meta.url);

let typescript = false;

/** The job's module, by its path under src/ without extension (`modules/labels/label-sheet-pdf`). */
async function load(module) {
  const built = new URL(`${module}.js`, here);
  if (existsSync(built)) return import(built.href);
  // A thread gets no loader from its parent's `--import tsx` (nor from vitest): tsx is registered here.
  if (!typescript) {
    const { register } = await import('tsx/esm/api');
    register();
    typescript = true;
  }
  return import(new URL(`${module}.ts`, here).href);
}

/** The thread's side of the job's channel: `ask` waits for the main thread's answer, `tell` does not. */
function channelOf(port) {
  const waiting = new Map();
  let next = 0;
  port.on('message', ({ id, value, error }) => {
    const waiter = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) waiter?.reject(new Error(error));
    else waiter?.resolve(value);
  });
  return {
    ask(request) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        port.postMessage({ id, ask: request });
      });
    },
    tell(event) {
      port.postMessage({ event });
    },
  };
}

/** A byte array on an ArrayBuffer of its own, so moving it to the main thread takes no other buffer with it. */
const own = (bytes) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes));

export default async function run({ module, fn, input, port }) {
  try {
    const job = (await load(module))[fn];
    // The job's time runs from here: a new thread's start and its modules' loading are not the job's.
    port.postMessage({ started: true });
    const result = await job(input, channelOf(port));
    // The bytes a job made (a PDF) are moved, not copied.
    if (result instanceof Uint8Array) return move(own(result));
    return result;
  } catch (error) {
    // A refusal the user reads (an HttpError: a file that is no CSV…) crosses as data: a thrown
    // error would reach the main thread without its status and code.
    if (typeof error?.statusCode === 'number') return { jobRefused: { statusCode: error.statusCode, code: error.code, message: error.message, errors: error.errors } };
    throw error;
  } finally {
    // The last message on the channel: the main thread waits for it, so every event told before the
    // answer is handled before the answer (the answer comes by another channel, which may overtake).
    port.postMessage({ end: true });
    port.close();
  }
}
