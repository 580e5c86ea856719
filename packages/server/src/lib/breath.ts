/**
 * A long pass over a household's items (10,000 appliances: their rights, their JSON) breathes between
 * slices: the other requests waiting on the event loop get their turn, and no pass holds it longer than
 * a slice's time (`bench/heavy-jobs.ts` measures `/api/health` meanwhile).
 */
export const breath = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How many items a slice holds: a few milliseconds of the heaviest pass (rights, URL signing). */
export const SLICE = 250;

/** `fn` over `items`, a slice at a time, breathing between slices. */
export async function mapSliced<T, U>(items: readonly T[], fn: (item: T, index: number) => U, size = SLICE): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % size === 0) await breath();
    out.push(fn(items[i]!, i));
  }
  return out;
}
