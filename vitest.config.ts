import { defineConfig } from 'vitest/config';

// One `npm test`: domain unit tests, server integration tests (PGlite per file, or TEST_DATABASE_URL),
// and web component tests in jsdom.
export default defineConfig({
  test: {
    // Server test files each build their own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      // Property tests run hundreds of cases; on a busy 2-core machine one may take several seconds.
      {
        test: {
          name: 'domain',
          include: ['packages/domain/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          environment: 'node',
          // Each file's database is a copy of one made per run; no test may run a program Node did not bring.
          globalSetup: ['./packages/server/src/testing/database-templates.ts'],
          setupFiles: ['./packages/server/src/testing/no-outside-programs.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Rendering MUI in jsdom takes seconds per test on a busy 2-core machine.
      {
        test: {
          name: 'web',
          include: ['packages/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
