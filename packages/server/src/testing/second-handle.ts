import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema/index';

/**
 * A second handle on a test's database, as another server process has: on PostgreSQL a pool of its own
 * (its `close` ends it), on PGlite the same handle (one embedded database takes one connection).
 */
export const openSecondHandle = (db: Db): { db: Db; close: () => Promise<void> } => {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { db, close: async () => {} };
  const pool = new pg.Pool(client.options);
  return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
};
