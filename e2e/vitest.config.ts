import { defineConfig } from 'vitest/config';

/** Browser tests: Playwright (playwright-core) driving Debian's Chromium against the built app. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page waits on its API: on a busy 2-core CI machine one answer can take seconds, and
    // expect.poll's default of 1 s failed a run (password reset notice, 2026-11-23).
    expect: { poll: { timeout: 15_000 } },
  },
});
