import type { AddressInfo } from 'node:net';
import { createEvidentSetup } from './adapters/evident/evident-setup';
import { evidentPaths } from './adapters/evident/protocol';
import { startEvidentSimulator } from './adapters/evident/simulator';
import { buildApp } from './app';
import { loadConfig } from './config';
import { labAddresses, resolvePublicUrl } from './lab-addresses';
import { isEmptyDatabase, openDatabase } from './db/client';
import { drainAndExit } from './lifecycle/drain';
import { demoPassword, demoSignIns, seedDemoData } from './db/seed/demo';
import { storeDemoFiles } from './db/seed/demo-data/store-demo-files';
import { startMail } from './mail/mail-setup';
import { createStorage } from './storage/create-storage';
import { readAppVersion } from './version';

const loaded = loadConfig();
// E-mails carry this address: PUBLIC_URL, else this machine as the lab's PCs reach it (never localhost).
const config = { ...loaded, publicUrl: await resolvePublicUrl(loaded) };
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.pgPoolMax }
    : { kind: 'pglite', dataDir: config.dataDir },
);

// Whatever stops this process closes the database first: the embedded one (PGlite) cannot recover a data
// folder left open by a crash, so even a failed start (a port in use, say) must close it cleanly.
type Closable = { close: () => Promise<void> };
const openParts: Closable[] = [database];
const closeAll = async () => {
  for (const part of openParts.reverse()) {
    try {
      await part.close();
    } catch (error) {
      console.error('While closing:', error);
    }
  }
  openParts.length = 0;
};
const stop = async (code: number) => {
  // A close that hangs (a job that never ends, say) must not keep a stopping server alive.
  setTimeout(() => process.exit(code), 20_000).unref();
  await closeAll();
  process.exit(code);
};
const failedStart = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${config.port} is already in use: stop the program using it, or start with another PORT.`;
  }
  return `Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
};
process.once('uncaughtException', (error) => {
  console.error('Stopping after an unexpected error:', error);
  void stop(1);
});
process.once('unhandledRejection', (reason) => {
  console.error('Stopping after an unexpected error:', reason);
  void stop(1);
});
// A supervisor's stop (SIGTERM) or Ctrl-C (SIGINT) drains: requests, streams and jobs under way end well.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void drainAndExit(signal, closeAll));
}

/** This server as seen from this machine (the simulator calls its webhook here). */
const localAddressOf = (address: AddressInfo): string => {
  const isAnyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host = isAnyAddress
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
};

const listenBacklog = 4096;

const start = async () => {
  // An empty embedded database gets demo data so `npm start` shows a working lab; PostgreSQL only on request.
  const wantsDemo = database.kind === 'pglite' || config.seedDemo;
  const storage = createStorage(config);
  const seeded = wantsDemo && (await isEmptyDatabase(database.db));
  if (seeded) {
    console.log('Empty database: seeding demo data…');
    await seedDemoData(database.db);
    // The demo's files get real bytes, so every kind of the file viewer has something to show.
    await storeDemoFiles(database.db, storage);
  }
  // PGlite has no autovacuum: refresh the planner's statistics once per start.
  if (database.kind === 'pglite') await database.analyze();

  // Without SMTP_URL, mail goes to a mailbox inside this process (see where below).
  const mail = await startMail(config);
  openParts.push(mail);
  // Without EVIDENT_URL the integrated partner is a simulator in this process (its own server on a free
  // local port), so sending, the partner's webhook and its result files work on a fresh machine.
  const simulator = config.evidentUrl
    ? null
    : await startEvidentSimulator({
        apiKey: config.evidentApiKey,
        webhookSecret: config.evidentWebhookSecret,
        completeAfterMs: config.evidentSimulatorCompleteSeconds * 1000,
        fileDelayMs: config.evidentSimulatorFileDelayMs,
      });
  if (simulator) openParts.push(simulator);
  const app = await buildApp({
    db: database.db,
    config,
    storage,
    version: readAppVersion(config.version),
    mail,
    evident: createEvidentSetup(config, config.evidentUrl ?? simulator?.url ?? ''),
  });
  openParts.push(app);
  // Node accepts one connection per event-loop iteration, so a burst of connects (every open page's
  // live-update stream reconnecting after a restart, thousands within its 5 s retry) waits in the
  // kernel's listen queue. Node's default of 511 overflowed there: dropped SYNs came back only after 1,
  // 3, 7 s of TCP backoff, or as resets. A deeper queue (the kernel caps it at net.core.somaxconn) lets
  // them wait their turn instead.
  await app.listen({ port: config.port, host: config.host, backlog: listenBacklog });
  if (simulator)
    simulator.setWebhookUrl(`${localAddressOf(app.server.address() as AddressInfo)}${evidentPaths.webhook}`);

  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const { port } = app.server.address() as AddressInfo;
  console.log(`\nLab Cases is running (${where}). Open it from any PC of the lab at:`);
  for (const address of labAddresses(config, port)) console.log(`  ${address}`);
  console.log(
    config.isPublicUrlSet
      ? `E-mails link to ${config.publicUrl}/ (PUBLIC_URL).`
      : `E-mails link to ${config.publicUrl}/: set PUBLIC_URL to the address clients and ` +
          'partners reach from outside (e.g. PUBLIC_URL=https://cases.yourlab.com npm start).',
  );
  if (wantsDemo) {
    console.log(
      `Demo sign-ins (password "${demoPassword}"): ${demoSignIns.map((u) => `${u.username} (${u.role})`).join(', ')}\n`,
    );
  }
  if (simulator) {
    console.log(
      `No EVIDENT_URL: the EVIDENT simulator runs at ${simulator.url} and completes orders after ` +
        `${config.evidentSimulatorCompleteSeconds} s\n`,
    );
  }
  if (mail.mailbox) {
    console.log(
      `No SMTP_URL: e-mail goes to the in-process mailbox on ${mail.mailbox.host}:${mail.mailbox.port}; ` +
        `administrators can read it at ${config.publicUrl}/api/dev/mailbox/\n`,
    );
  }
};

try {
  await database.migrate();
  await start();
} catch (error) {
  console.error(failedStart(error));
  await stop(1);
}
