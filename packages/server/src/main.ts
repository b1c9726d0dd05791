import { buildApp } from './app';
import { loadConfig } from './config';
import { isEmptyDatabase, openDatabase } from './db/client';
import { demoPassword, demoSignIns, seedDemoData } from './db/seed/demo';
import { storeDemoFiles } from './db/seed/demo-data/store-demo-files';
import { startMail } from './mail/mail-setup';
import { createStorage } from './storage/create-storage';
import { readAppVersion } from './version';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.pgPoolMax }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();

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
const app = await buildApp({
  db: database.db,
  config,
  storage,
  version: readAppVersion(config.version),
  mail,
});
await app.listen({ port: config.port, host: config.host });

const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
console.log(`\nLab Cases is running at ${config.publicUrl}/ (${where})`);
if (wantsDemo) {
  console.log(
    `Demo sign-ins (password "${demoPassword}"): ${demoSignIns.map((u) => `${u.username} (${u.role})`).join(', ')}\n`,
  );
}

if (mail.mailbox) {
  console.log(
    `No SMTP_URL: e-mail goes to the in-process mailbox on ${mail.mailbox.host}:${mail.mailbox.port}; ` +
      `administrators can read it at ${config.publicUrl}/api/dev/mailbox/\n`,
  );
}

const shutdown = async (signal: string) => {
  console.log(`${signal}: shutting down`);
  await app.close();
  await mail.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
