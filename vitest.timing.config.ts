import { defineConfig } from 'vitest/config';

/**
 * The few tests that measure time (equal answer times, health under a flood). They run
 * after the others, one file at a time and alone on the machine, so no other test steals the CPU.
 */
export default defineConfig({
  test: {
    name: 'timing',
    include: ['packages/server/src/**/*.timing.test.ts'],
    globalSetup: ['packages/server/test/global-setup.ts'],
    fileParallelism: false,
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
