// One process, one database handle, two HTTP servers: the real app, and a bare Fastify whose routes run
// the same SQL through the same driver with nothing else (no auth, validation or serialisation
// schemas). The ratio real/bare is what the request pipeline costs.
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openConfiguredDatabase } from '../packages/server/src/db/open-configured';
import { searchCollections } from '../packages/server/src/modules/search/collection-search';
import { findStatuses } from '../packages/server/src/modules/reference/lists';
import { createStorage } from '../packages/server/src/storage/create-storage';

const realPort = Number(process.env.BENCH_REAL_PORT ?? 18080);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 18081);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openConfiguredDatabase(config);

const real = await buildApp({
  db: database.db,
  config,
  storage: createStorage(config),
  version: 'bench',
  logger: false,
});
await real.listen({ port: realPort, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/api/version/', async () => ({ version: 'bench' }));
bare.post<{ Body: { keyword: string } }>('/api/v2/collections/', async (request) =>
  searchCollections(database.db, request.body.keyword),
);
bare.get('/api/v2/case/statuses/', async () => findStatuses(database.db));
await bare.listen({ port: barePort, host: '127.0.0.1' });

process.send?.({ ready: true, realPort, barePort, kind: database.kind });
const stop = async () => {
  await real.close();
  await bare.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
