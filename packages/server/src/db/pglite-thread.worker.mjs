// The PGlite database in a thread of its own: PostgreSQL compiled to WebAssembly holds
// the thread it runs on for the whole of a query, so it runs here rather than on the server's
// event loop. pglite-thread.ts is the other end. Plain JavaScript: a worker thread gets no
// TypeScript loader (neither `node --import tsx` nor vitest pass theirs to it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const ROLLBACK = Symbol('rollback');

/** A PostgreSQL error as plain data: structured clone keeps only an Error's message and stack. */
function serialise(error) {
  const data = { message: String(error?.message ?? error), name: error?.name ?? 'Error', stack: error?.stack };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || value === null || typeof value === 'object' || typeof value === 'function') continue;
      data[key] = value;
    }
  }
  return data;
}

const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const fail = (id, error) => parentPort.postMessage({ id, ok: false, error: serialise(error) });

let pglite;
try {
  pglite = await PGlite.create(workerData.dataDir, workerData.options);
} catch (error) {
  parentPort.postMessage({ id: 0, ok: false, error: serialise(error) });
}

/** Open transactions by the id the main thread gave them. */
const transactions = new Map();

/**
 * GET /api/health, sent only when the main thread has no statement in flight (PGliteThread.ping
 * answers from their progress otherwise). With no transaction open, a real `select 1`; with one
 * open, that statement would wait for it: this thread answering is the proof.
 */
async function ping() {
  if (pglite.closed) throw new Error('PGlite is closed');
  if (transactions.size === 0) return pglite.query('select 1 as one');
  return { rows: [{ one: 1 }], fields: [] };
}

/**
 * Statements outside a transaction, and transaction starts, enter PGlite one at a time with a
 * turn of this thread's event loop between them. PGlite chains its queued statements in
 * microtasks: without the turn, a ping (or a statement of an open transaction) sent meanwhile
 * waited for the whole queue. The order is PGlite's own (first come, first served).
 */
let gate = Promise.resolve();
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
function inTurn(fn) {
  const turn = gate.then(fn);
  gate = turn.then(nextTurn, nextTurn);
  return turn;
}

async function handle(message) {
  if (message.op === 'ping') return ping();
  // Closing waits for the statement in turn too (an analysis of pglite-thread's upkeep may be running).
  const queued = message.op === 'begin' || message.op === 'close' || (message.op === 'query' && message.tx === undefined);
  return queued ? inTurn(() => run(message)) : run(message);
}

async function run(message) {
  switch (message.op) {
    case 'query': {
      const target = message.tx === undefined ? pglite : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`PGlite thread: transaction ${message.tx} is not open`);
      const { rows, affectedRows, fields } = await target.query(message.sql, message.params);
      return { rows, affectedRows, fields };
    }
    case 'begin': {
      // PGlite's own transaction() holds its lock until the callback ends: the callback waits
      // for the main thread's 'end'.
      let finish;
      const done = new Promise((resolve, reject) => (finish = (commit) => (commit ? resolve() : reject(ROLLBACK))));
      const entry = { tx: undefined, finish, settled: undefined };
      transactions.set(message.tx, entry);
      return new Promise((resolve, reject) => {
        entry.settled = pglite.transaction(async (tx) => {
          entry.tx = tx;
          resolve({});
          await done;
        });
        entry.settled.catch((error) => {
          if (entry.tx === undefined) {
            transactions.delete(message.tx);
            reject(error);
          }
        });
      });
    }
    case 'end': {
      const entry = transactions.get(message.tx);
      if (!entry) throw new Error(`PGlite thread: transaction ${message.tx} is not open`);
      entry.finish(message.commit);
      try {
        await entry.settled;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      } finally {
        transactions.delete(message.tx);
      }
      return {};
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      return {};
    default:
      throw new Error(`PGlite thread: unknown operation ${message.op}`);
  }
}

/**
 * What PostgreSQL's autovacuum does for the planner, done here: PGlite runs no background worker,
 * so its tables were never analysed and every plan guessed their sizes (the calendar's
 * next maintenance read every event and joined every appliance, 12 → 27 ms from 10 to 5,000
 * appliances, 0.8 ms once analysed). When the thread is idle, the tables that may hold rows and have
 * no statistics (never analysed: a size in `pg_class` may come from building an index), and, like
 * autovacuum's defaults, those changed by more than 50 rows + 10 % since the last analysis (PGlite
 * counts changes from its start), one statement each, in turn with the requests. The build's
 * template comes with the reference data's statistics (pglite-template.ts): each analysis grows
 * the WebAssembly heap for good (≈ 8 MB for the whole database).
 */
async function analyseChangedTables() {
  if (transactions.size > 0) return;
  const { rows } = await inTurn(() =>
    pglite.query(
      `select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where (c.reltuples <> 0 and not exists (select 1 from pg_statistic st where st.starelid = c.oid))
           or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`,
    ),
  );
  for (const { name } of rows) {
    if (transactions.size > 0 || pglite.closed) return;
    await inTurn(() => pglite.query(`analyze ${name}`));
  }
}

/**
 * Once the start is over and after a burst of statements, when none came for `idleMs` (2 s): the
 * planner's statistics brought up to date, then, with node's `--expose-gc` (npm start), one full
 * collection of this thread's heap like the main thread's (lib/idle-gc.ts; before, the heap the
 * rows of a load grew stayed resident), at most once per `everyMs` (30 s, GC_MIN_INTERVAL_MS).
 */
const upkeep = { idleMs: 2000, everyMs: 30_000, ...workerData.upkeep };
let lastMessage = performance.now();
let lastUpkeep = -Infinity;
let dirty = true;
let running = false;
setInterval(
  () => {
    const now = performance.now();
    if (running || !pglite || pglite.closed || !dirty || now - lastMessage < upkeep.idleMs || now - lastUpkeep < upkeep.everyMs) return;
    dirty = false;
    running = true;
    lastUpkeep = now;
    // The main thread hears of it: a health check meanwhile would wait behind a collection of
    // this heap (up to ~100 ms after a large import); the thread is working, which is its answer.
    parentPort.postMessage({ upkeep: true });
    analyseChangedTables()
      .catch((error) => console.error('PGlite: analyse after changes failed', error))
      .finally(() => {
        running = false;
        if (typeof globalThis.gc === 'function') globalThis.gc();
        parentPort.postMessage({ upkeep: false });
      });
  },
  Math.min(1000, upkeep.idleMs),
).unref();

if (pglite) {
  parentPort.on('message', (message) => {
    lastMessage = performance.now();
    dirty = true;
    handle(message).then(
      (result) => reply(message.id, result),
      (error) => fail(message.id, error),
    );
  });
  parentPort.postMessage({ id: 0, ok: true, result: {} });
}
