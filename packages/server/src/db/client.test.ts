import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { collectBeforeCommit, inTransaction, openDatabase, selectRows, type DatabaseHandle } from './client';
import { acquireDataDirLock } from './data-dir-lock';
import { openTestDatabase } from '../testing/test-database';
import { branches } from './schema/index';

// One database for the guards and the steps before commit: copying one is most of their time, and their
// rows (branch codes GT, CM, FL) do not meet.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the database guards', () => {
  it('has pg_trgm on every open', async () => {
    const [row] = await selectRows<{ s: number }>(
      database.db,
      sql`SELECT similarity('Okonkwo', 'Okonkow') AS s`,
    );
    expect(Number(row?.s)).toBeGreaterThan(0.3);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never JIT-compiles on PostgreSQL (a stale estimate cost seconds)',
    async () => {
      const [row] = await selectRows<{ jit: string }>(database.db, sql`SHOW jit`);
      expect(row?.jit).toBe('off');
    },
  );

  it('throws when db is used instead of tx inside a transaction, and rolls back', async () => {
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.insert(branches).values({ name: 'Guard Test', code: 'GT', country: 'AU' });
        await database.db.select().from(branches);
      }),
    ).rejects.toThrow(/used inside a transaction: use the transaction's tx instead/);
    const rows = await database.db
      .select()
      .from(branches)
      .where(sql`${branches.code} = 'GT'`);
    expect(rows).toEqual([]);
  });

  it('commits the work of a transaction done through tx', async () => {
    await inTransaction(database.db, async (tx) => {
      await tx.insert(branches).values({ name: 'Committed', code: 'CM', country: 'NZ' });
    });
    const rows = await database.db
      .select()
      .from(branches)
      .where(sql`${branches.code} = 'CM'`);
    expect(rows).toHaveLength(1);
  });
});

describe('steps before commit', () => {
  it('flushes each set once, with every value once, inside the transaction', async () => {
    const flushed: string[][] = [];
    await inTransaction(database.db, async (tx) => {
      for (const value of ['a', 'b', 'a']) {
        expect(
          collectBeforeCommit(tx, 'test:letters', value, async (tx, values) => {
            // Still inside: what it writes commits with the work.
            await tx.insert(branches).values({ name: 'Flushed', code: 'FL', country: 'AU' });
            flushed.push([...values]);
          }),
        ).toBe(true);
      }
    });
    expect(flushed).toEqual([['a', 'b']]);
    const rows = await database.db
      .select()
      .from(branches)
      .where(sql`${branches.code} = 'FL'`);
    expect(rows).toHaveLength(1);
  });

  it('keeps nothing outside a transaction, and never flushes a transaction that failed', async () => {
    let flushes = 0;
    const flush = async () => {
      flushes += 1;
    };
    expect(collectBeforeCommit(database.db, 'test:outside', 1, flush)).toBe(false);
    await expect(
      inTransaction(database.db, async (tx) => {
        collectBeforeCommit(tx, 'test:failed', 1, flush);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(flushes).toBe(0);
  });
});

describe('the data folder lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-lock-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops a second process on the same folder with a clear message', () => {
    // The parent process (the test runner) is alive: it stands in for another server.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(/is in use by another server process \(pid \d+\)/);
    fs.rmSync(path.join(dataDir, 'server.lock'));
  });

  it('stops a second open in the same process, and releases the lock file', () => {
    const release = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/is in use by this process already/);
    release();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('takes over the lock of a process that died', () => {
    fs.writeFileSync(path.join(dataDir, 'server.lock'), '999999999');
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('creates the data folder and keeps an embedded database across opens', async () => {
    const folder = path.join(dataDir, 'nested', 'data');
    const first = await openDatabase({ kind: 'pglite', dataDir: folder });
    // A table of its own: creating the database in the folder is this test's time already, and migrating
    // a data folder then finding its rows again is create-user-cli.test.ts's (its second run meets the
    // first one's user).
    await first.db.execute(sql`CREATE TABLE kept (code text)`);
    await first.db.execute(sql`INSERT INTO kept (code) VALUES ('PS')`);
    await expect(openDatabase({ kind: 'pglite', dataDir: folder })).rejects.toThrow(/is in use/);
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: folder });
    const rows = await selectRows<{ code: string }>(second.db, sql`SELECT code FROM kept`);
    expect(rows.map((r) => r.code)).toEqual(['PS']);
    await second.close();
  });
});
