import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../testing/test-database';
import { openBossConnection } from './boss-connection';

// pg-boss on our connection adapter: a job that finishes after the runner stopped (its handler outlived
// the graceful stop) must complete quietly. pg-boss does not await that write, so a throw there is an
// unhandled rejection that takes the process down.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the job queue connection', () => {
  it('answers a write after close as a closed database does: nothing affected, no error', async () => {
    const connection = openBossConnection(database.db);
    const boss = new PgBoss({ db: connection });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue('late-finisher');
    const id = await boss.send('late-finisher', { n: 1 });
    if (!id) throw new Error('no job id');
    await boss.stop({ graceful: false, wait: true });
    await connection.close();

    await expect(boss.complete('late-finisher', id)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fail('late-finisher', id, new Error('late'))).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fetch('late-finisher')).resolves.toEqual([]);
  });
});
