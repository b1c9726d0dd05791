import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  e2eHttpsPort,
  e2ePort as port,
  labOrigin,
} from './tests/support/chromium';

// The real server on a throwaway embedded database (seeded with the demo data), driven in Debian's
// Chromium. Never downloads a browser. The server runs with its default configuration (no address set) and
// the browser opens it at a lab host name over plain HTTP, as a bench PC does.
const dataDir = path.join(os.tmpdir(), `lab-e2e-${process.pid}-${Date.now()}`);
const serverEnv = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The local EVIDENT simulator finishes integrated jobs quickly, so a flow can wait for the results.
  EVIDENT_SIMULATOR_COMPLETE_SECONDS: '6',
  // Its result files come slowly, so the file-lock bar shows while they are stored.
  EVIDENT_SIMULATOR_FILE_DELAY_MS: '5000',
};
// *.https.spec.ts run against a second server that speaks HTTPS itself (its own data folder).
const httpsSpecs = /\.https\.spec\.ts$/;

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
    baseURL: labOrigin,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'lab-http', testIgnore: httpsSpecs },
    { name: 'lab-https', testMatch: httpsSpecs },
  ],
  webServer: [
    {
      command: 'node --import tsx ../packages/server/src/main.ts',
      // Playwright's own readiness check runs in Node, which cannot resolve the lab host name.
      url: `http://127.0.0.1:${port}/api/version/`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...serverEnv, PORT: String(port) },
    },
    {
      // Makes a certificate for the lab host name, then starts the server with TLS_CERT_FILE/TLS_KEY_FILE.
      command: 'node --import tsx tests/support/start-https-server.ts',
      url: `https://127.0.0.1:${e2eHttpsPort}/api/version/`,
      ignoreHTTPSErrors: true,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { ...serverEnv, DATA_DIR: `${dataDir}-https`, PORT: String(e2eHttpsPort) },
    },
  ],
});
