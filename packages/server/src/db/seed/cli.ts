import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { isEmptyDatabase, selectRows } from '../client';
import { openConfiguredDatabase } from '../open-configured';
import { publishRealtimeEvents } from '../../realtime/events';
import { seedBulkCollections } from './bulk';
import { loadConfig } from '../../config';
import { createStorage } from '../../storage/create-storage';
import { demoPassword, demoSignIns, seedDemoData } from './demo';
import { storeDemoFiles } from './demo-data/store-demo-files';

// `npm run seed [-- --collections N]`: demo data into an empty configured database (DATA_DIR or
// DATABASE_URL), then N generated collections for benchmarks when asked.

const usage = `Usage: npm run seed [-- --collections N]

  Seeds the demo lab into the configured database when it is empty (DATA_DIR, or DATABASE_URL for
  PostgreSQL), then adds N generated collections with cases, implants and messages when given.`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { collections: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const bulk = values.collections === undefined ? 0 : Number(values.collections);
  if (!Number.isInteger(bulk) || bulk < 0)
    throw new Error(`--collections must be a whole number, got '${values.collections}'`);

  const started = Date.now();
  const database = await openConfiguredDatabase();
  try {
    const where = database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL';
    if (await isEmptyDatabase(database.db)) {
      console.log(`Empty ${where}: seeding demo data…`);
      const demoStarted = Date.now();
      await seedDemoData(database.db);
      await storeDemoFiles(database.db, createStorage(loadConfig()));
      console.log(`Demo data seeded in ${seconds(demoStarted)}.`);
      console.log(
        `Demo sign-ins (password "${demoPassword}"): ${demoSignIns.map((u) => u.username).join(', ')}`,
      );
    } else {
      console.log(`The ${where} already has data: demo seeding skipped.`);
    }
    if (bulk > 0) {
      console.log(`Adding ${bulk.toLocaleString('en-AU')} collections…`);
      const bulkStarted = Date.now();
      await seedBulkCollections(database.db, bulk, { log: (line) => console.log(line) });
      console.log(`Added ${bulk.toLocaleString('en-AU')} collections in ${seconds(bulkStarted)}.`);
    }
    await database.analyze();
    // Servers running on this database drop every in-process cache (reference lists, bells, tokens).
    await publishRealtimeEvents(database.db, [{ type: 'reset' }]);
    const [totals] = await selectRows<{
      collections: number;
      cases: number;
      implants: number;
      messages: number;
    }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM collections)::int AS collections, (SELECT count(*) FROM cases)::int AS cases,
                 (SELECT count(*) FROM implants)::int AS implants, (SELECT count(*) FROM messages)::int AS messages`,
    );
    console.log(
      `Database now holds ${totals?.collections ?? 0} collections, ${totals?.cases ?? 0} cases, ` +
        `${totals?.implants ?? 0} implants, ${totals?.messages ?? 0} messages. Total ${seconds(started)}.`,
    );
  } finally {
    await database.close();
  }
};

const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
