import { describe, expect, it } from 'vitest';
import { mapSliced } from './breath.ts';

describe('slices of a long pass', () => {
  it('maps as a single pass would, letting timers run between slices', async () => {
    const items = Array.from({ length: 1003 }, (_, i) => ({ i, name: `appareil ${i}` }));
    // Another request's callbacks, queued on the event loop while the pass runs.
    let ticks = 0;
    let running = true;
    const other = () => {
      ticks++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    const mapped = await mapSliced(items, (x) => x.i * 2, 100);
    running = false;
    expect(mapped).toEqual(items.map((x) => x.i * 2));
    // One slice after another, the other callbacks ran in between (a single pass lets none run).
    expect(ticks).toBeGreaterThanOrEqual(10);
  });
});
