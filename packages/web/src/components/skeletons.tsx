import { Skeleton } from '@mantine/core';

/** `count` placeholder blocks while a list loads: they never reorder, so their position is their key. */
export function Skeletons({ count, h }: { count: number; h: number }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered.
  return Array.from({ length: count }, (_, i) => <Skeleton key={i} h={h} radius="lg" />);
}
