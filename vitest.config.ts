import { defineConfig } from 'vitest/config';

// One `npm test`: domain unit tests, server integration tests (PGlite per file, or TEST_DATABASE_URL),
// and web component tests in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own database; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
      { test: { name: 'web', include: ['packages/web/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
