import { setImmediate } from 'node:timers/promises';

/** What a long task says of its progress: `fait` items out of `total`. */
export type OnProgress = (fait: number, total: number) => void | Promise<void>;

/**
 * To call with 0 before a long task's first item, then with the count done after each one: every
 * ~2 % of `total` (every 200 items at most) and at the end, `report` hears of it and the event loop
 * runs, so a streamed answer sends its line and other requests are served meanwhile (as during an
 * import of 10,000 rows).
 */
export function progressSteps(total: number, report?: OnProgress): (fait: number) => Promise<void> {
  const step = Math.min(200, Math.max(1, Math.ceil(total / 50)));
  return async (fait) => {
    if (fait % step !== 0 && fait !== total) return;
    await report?.(fait, Math.max(fait, total));
    await setImmediate();
  };
}
