// Debian's Chromium with the flags this machine needs (architecture.md §1): never a downloaded browser;
// without the background-networking flags Chromium keeps calling hosts the closed network refuses.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The name the whole suite opens the app at, as a lab's bench PCs do (http://labserver:8080): plain HTTP
 * at a host that is not localhost, so nothing passes only because localhost is a secure context. Only
 * Chromium resolves it (`.test` is never a real name); Node cannot, so tests call the API through the
 * page (support/page-api.ts).
 */
export const labHost = 'labserver.test';

/** The port the e2e server listens on. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8181);

/** Where every test opens the app (the baseURL). */
export const labOrigin = `http://${labHost}:${e2ePort}`;

/** The port of the second e2e server, which speaks HTTPS with a certificate made for the run. */
export const e2eHttpsPort = e2ePort + 1;

/** Where the HTTPS project opens the app. */
export const labHttpsOrigin = `https://${labHost}:${e2eHttpsPort}`;

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--host-resolver-rules=MAP ${labHost} 127.0.0.1`,
];
