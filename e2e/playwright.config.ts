import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/support/chromium';

// The real server on a throwaway embedded database (seeded with the demo data), driven in Debian's
// Chromium. Never downloads a browser.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `lab-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: './tests',
  // A flow clicks through several screens; on a busy 2-core machine one can take over a minute.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    command: 'node --import tsx ../packages/server/src/main.ts',
    url: `http://localhost:${port}/api/version/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      // The local EVIDENT simulator finishes integrated jobs quickly, so a flow can wait for the results.
      EVIDENT_SIMULATOR_COMPLETE_SECONDS: '6',
      // Its result files come slowly, so the file-lock bar shows while they are stored.
      EVIDENT_SIMULATOR_FILE_DELAY_MS: '5000',
    },
  },
});
