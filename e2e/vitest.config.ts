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
  },
});
