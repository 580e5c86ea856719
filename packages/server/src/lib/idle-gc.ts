import type { Server } from 'node:http';

/** Collections are at least this far apart: a server with traffic in short bursts does not pause each time. */
export const GC_MIN_INTERVAL_MS = 30_000;

/**
 * Gives memory back once the server falls idle after work (before, « at rest » after the start or
 * a load, the heap V8 grew meanwhile stayed resident). Production starts node with `--expose-gc`:
 * once the start is over, and when requests came and then none for `quietMs`, one full collection
 * runs (at most one per `GC_MIN_INTERVAL_MS`), which returns the emptied pages to the system. PGlite's
 * thread does the same with its statements (pglite-thread.worker.mjs). Without the flag (tests, tsx)
 * it does nothing.
 */
export function collectWhenIdle(server: Server, quietMs = 2_000): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  let lastRequest = performance.now();
  let lastCollection = -Infinity;
  let dirty = true; // the start itself
  server.on('request', () => {
    lastRequest = performance.now();
    dirty = true;
  });
  setInterval(() => {
    const now = performance.now();
    if (!dirty || now - lastRequest < quietMs || now - lastCollection < GC_MIN_INTERVAL_MS) return;
    dirty = false;
    lastCollection = now;
    gc();
  }, quietMs / 2).unref();
}
