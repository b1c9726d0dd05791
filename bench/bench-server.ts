// One process, one database handle, two HTTP servers: the real app, and a bare Fastify whose routes run
// the same SQL through the same driver with nothing else (bare-routes.ts). The ratio real/bare is what
// the request pipeline costs. Tells its parent the ports and the fixtures once both listen.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { selectRows } from '../packages/server/src/db/client';
import { openConfiguredDatabase } from '../packages/server/src/db/open-configured';
import { createStorage } from '../packages/server/src/storage/create-storage';
import { registerBareRoutes } from './bare-routes';
import { registerBareWrites } from './bare-writes';
import { ensureBenchFixtures, type BenchFixtures } from './fixtures';
import { chooseRecallLots, type RecallSample } from './recall-lots';

export type BenchServerReady = {
  ready: true;
  realPort: number;
  barePort: number;
  kind: 'pglite' | 'postgres';
  fixtures: BenchFixtures;
  /** The lots the recall row asks about, and the cases the data set holds. */
  recall: RecallSample;
  /** The Accounts rows' client: the one with the most invoices. */
  accounts: { busyClientId: number };
  /** How long the database took to settle after the app started (its jobs' first pass). */
  settleMs: number;
};

const realPort = Number(process.env.BENCH_REAL_PORT ?? 18080);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 18081);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openConfiguredDatabase(config);
const fixtures = await ensureBenchFixtures(database.db);
const recall = await chooseRecallLots(database.db);
const [busy] = await selectRows<{ client_id: number }>(
  database.db,
  sql`SELECT c.client_id FROM invoices i JOIN clients c ON c.id = coalesce(i.billing_client_id, i.shipping_client_id)
      GROUP BY c.client_id ORDER BY count(*) DESC LIMIT 1`,
);
const accounts = { busyClientId: Number(busy?.client_id ?? 10000) };

const real = await buildApp({
  db: database.db,
  config,
  storage: createStorage(config),
  version: 'bench',
  logger: false,
});
await real.listen({ port: realPort, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
await registerBareRoutes(bare, database.db);
await registerBareWrites(bare, database.db);
await bare.listen({ port: barePort, host: '127.0.0.1' });

// The app's jobs start with it and their first pass can hold the database (PGlite has one connection)
// for a while on a large data set: the figures start once a trivial statement is quick again.
const settleStarted = Date.now();
let quickInARow = 0;
while (quickInARow < 5 && Date.now() - settleStarted < 120_000) {
  const started = performance.now();
  await database.db.execute(sql`SELECT 1`);
  quickInARow = performance.now() - started < 50 ? quickInARow + 1 : 0;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const ready: BenchServerReady = {
  ready: true,
  realPort,
  barePort,
  kind: database.kind,
  fixtures,
  recall,
  accounts,
  settleMs: Date.now() - settleStarted,
};
process.send?.(ready);
const stop = async () => {
  await real.close();
  await bare.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
