import type { Server } from 'node:http';

/**
 * Gives memory back once the server falls idle after work (issue 23: « at rest » after the start or
 * a load, the heap V8 grew meanwhile stayed resident). Production starts node with `--expose-gc`:
 * once the start is over, and each time requests came and then none for `quietMs`, one full
 * collection runs, which returns the emptied pages to the system. Without the flag (tests, tsx) it
 * does nothing.
 */
export function collectWhenIdle(server: Server, quietMs = 2_000): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return () => undefined;
  let lastRequest = performance.now();
  let dirty = true; // the start itself
  const onRequest = () => {
    lastRequest = performance.now();
    dirty = true;
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (!dirty || performance.now() - lastRequest < quietMs) return;
    dirty = false;
    gc();
  }, quietMs / 2);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
