import type { JobChannel } from '../src/lib/job-pool.ts';

/** Jobs for the pool's own tests (src/lib/job-pool.test.ts), loaded by its thread like any job module. */

/** Says it has started, then never ends: only the pool's time limit stops it. */
export function spin(_input: unknown, channel: JobChannel): never {
  channel.tell('spinning');
  for (;;) {
    // A job caught in a loop (a layout that never ends): the thread is busy, the event loop is not.
  }
}

export function echo(input: unknown): unknown {
  return input;
}

/** Tells `input` events, then answers at once: the answer travels by another channel than the events. */
export function chatty(input: number, channel: JobChannel): number {
  for (let i = 1; i <= input; i++) channel.tell(i);
  return input;
}
