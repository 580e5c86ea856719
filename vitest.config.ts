import { defineConfig } from 'vitest/config';

/** Unit and API tests (`npm test` runs the browser suite after, with e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          // Timed measurements run alone afterwards (vitest.timing.config.ts).
          exclude: ['packages/server/src/**/*.timing.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          // Files of one worker share its migrated database (cleaned per file), so no isolation.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts', 'tools/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
        },
      },
      {
        // Component tests: forms and the chat rendered in a DOM (happy-dom), the network stubbed (packages/web/test/render.tsx).
        test: {
          name: 'web-dom',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 20_000,
        },
      },
    ],
  },
});
