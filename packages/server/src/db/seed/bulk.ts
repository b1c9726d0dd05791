import { Faker, base, en, en_AU } from '@faker-js/faker';
import type { Department } from '@lab/domain';
import { eq, sql } from 'drizzle-orm';
import { inTransaction, isEmptyDatabase, selectRows, type Db, type Tx } from '../client';
import { branches, machine_projects, users } from '../schema/index';
import { seedClients, type ClientRef } from './demo-data/clients';
import { loadReference } from './demo-data/context';
import type { Generator } from './demo-data/generator';
import { planCollection, poolsFor } from './demo-data/plan-collection';
import type { MachineProjectRef } from './demo-data/production';
import { countRows, emptyRows, writeRows } from './demo-data/rows';
import { staffFrom, type Staff } from './demo-data/staff';
import { demoFakerSeed, demoSignIns, seedDemoData } from './demo';
import { seedDemoPayments } from '../../modules/invoicing/demo-payments';
import { deriveMissingPickLots } from '../../modules/warehouse/pick-lots';

// Benchmark-scale data: many collections with cases, implants and a message or two, on top of the demo
// lab (its reference data, staff and machines). Written in transactions of a few thousand collections so
// progress shows and memory stays flat; each transaction's inserts carry a few thousand rows per statement
// (batch.ts), and the next batch is planned while the last one is written.

const collectionsPerTransaction = 2_000;
const collectionsPerYield = 50;

const yieldToWrites = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export type BulkOptions = { log?: (line: string) => void };

const loadStaff = async (tx: Tx): Promise<Staff> => {
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      department: users.department,
      branch: branches.name,
    })
    .from(users)
    .leftJoin(branches, eq(branches.id, users.branch_id))
    .where(eq(users.is_active, true));
  const staff = staffFrom(
    rows.map((r) => ({
      id: r.id,
      username: r.username,
      name: `${r.first_name} ${r.last_name}`.trim(),
      department: r.department as Department,
      branch: r.branch ?? 'Melbourne',
    })),
  );
  // The generators name the demo sign-ins (delegates, authors); a database without them cannot take bulk data.
  for (const signIn of demoSignIns) staff.byUsername(signIn.username);
  return staff;
};

type ClientRow = {
  id: number;
  uid: string;
  name: string;
  country: string;
  email: string | null;
  is_cash_customer: boolean;
  address_line_1: string | null;
  address_line_2: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
};

const loadClients = async (tx: Tx): Promise<ClientRef[]> => {
  const rows = await selectRows<ClientRow>(
    tx,
    sql`SELECT id, uid, name, country, email, is_cash_customer, address_line_1, address_line_2, suburb, state, postcode
        FROM clients WHERE is_active AND country IN ('AU', 'NZ') ORDER BY id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    uid: r.uid,
    name: r.name,
    country: r.country as 'AU' | 'NZ',
    email: r.email,
    is_cash_customer: r.is_cash_customer,
    is_group_account: false,
    address: {
      address_line_1: r.address_line_1 ?? '',
      address_line_2: r.address_line_2 ?? '',
      suburb: r.suburb ?? '',
      state: r.state ?? '',
      postcode: r.postcode ?? '',
      country: r.country,
    },
  }));
};

const loadProjects = async (tx: Tx): Promise<MachineProjectRef[]> => {
  const rows = await tx
    .select({ id: machine_projects.id, branch: branches.name, status: machine_projects.status })
    .from(machine_projects)
    .innerJoin(branches, eq(branches.id, machine_projects.branch_id));
  return rows.map((r) => ({ id: r.id, branch: r.branch, status: r.status as MachineProjectRef['status'] }));
};

/**
 * PGlite runs as superuser, so foreign-key checks can be skipped for the bulk load (the generator only
 * points at rows it made or read); on PostgreSQL without the privilege the checks simply stay on.
 */
const skipForeignKeyChecks = async (tx: Tx): Promise<void> => {
  await tx.execute(sql`SAVEPOINT bulk_replica`);
  try {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`RELEASE SAVEPOINT bulk_replica`);
  } catch {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT bulk_replica`);
  }
};

/** Adds `count` collections (1–6 cases each, implants, a message or two) to a database with the demo lab. */
export const seedBulkCollections = async (
  db: Db,
  count: number,
  options: BulkOptions = {},
): Promise<void> => {
  const log = options.log ?? (() => undefined);
  if (await isEmptyDatabase(db)) {
    log('Empty database: seeding the demo lab first (20 collections)…');
    await seedDemoData(db, { collections: 20 });
  }
  const [existing] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM collections`);
  const f = new Faker({ locale: [en_AU, en, base] });
  // A different seed per starting size: a second run adds different patients, not the same ones again.
  const seed = demoFakerSeed + Number(existing?.n ?? 0);
  f.seed(seed);
  const started = Date.now();
  const setup = await inTransaction(db, async (tx) => {
    const ref = await loadReference(tx);
    const staff = await loadStaff(tx);
    // New practices too (about one per 40 orders), so client names vary as much as patients do.
    const names = await selectRows<{ name: string }>(tx, sql`SELECT lower(name) AS name FROM clients`);
    await seedClients(tx, f, staff, {
      count: Math.max(10, Math.ceil(count / 40)),
      taken: new Set(names.map((n) => n.name)),
      groupAccounts: false,
    });
    return { ref, staff, clients: await loadClients(tx), projects: await loadProjects(tx) };
  });
  const g: Generator = {
    f,
    seed,
    ...setup,
    now: Date.now(),
    rows: emptyRows(),
    detail: 'bulk',
    lastCaseOfClient: new Map(),
    seen: new Set(),
  };
  const pools = poolsFor(g);
  // Past the first few statuses-walk indexes: bulk collections follow the weights only.
  const offset = g.ref.statuses.length;
  let done = 0;
  let rowsWritten = 0;
  // Batch k is written while batch k+1 is planned: planning yields every few collections, so the write's
  // next statement goes out and PostgreSQL works while Node plans (on PGlite, one thread, they alternate).
  // Writes stay in order, one transaction at a time: a later batch may point at an earlier one's cases.
  let writing: Promise<void> = Promise.resolve();
  while (done < count) {
    const size = Math.min(collectionsPerTransaction, count - done);
    const rows = emptyRows();
    g.rows = rows;
    for (let i = 0; i < size; i += 1) {
      planCollection(g, pools, offset + done + i);
      if (i % collectionsPerYield === collectionsPerYield - 1) await yieldToWrites();
    }
    await writing;
    done += size;
    rowsWritten += Object.values(countRows(rows)).reduce((a, b) => a + b, 0);
    const progress = `${done.toLocaleString('en-AU')} / ${count.toLocaleString('en-AU')} collections, ${rowsWritten.toLocaleString('en-AU')} rows`;
    writing = inTransaction(db, async (tx) => {
      await skipForeignKeyChecks(tx);
      await writeRows(tx, rows);
    }).then(() => log(`  ${progress} (${((Date.now() - started) / 1000).toFixed(1)} s)`));
    // A failed write is awaited (and thrown) before the next batch; until then it must not count as unhandled.
    writing.catch(() => undefined);
  }
  await writing;
  // The picked slips' lots placed on their lines, as the warehouse's job would, so a recall finds them.
  const lotsStarted = Date.now();
  const slips = await deriveMissingPickLots(db);
  log(
    `  lots of ${slips.toLocaleString('en-AU')} picked slips placed (${((Date.now() - lotsStarted) / 1000).toFixed(1)} s)`,
  );
  // Most older invoices paid, as the demo's are, so balances and aging read like a lab's.
  const paymentsStarted = Date.now();
  await seedDemoPayments(db, g.now);
  log(`  payments recorded (${((Date.now() - paymentsStarted) / 1000).toFixed(1)} s)`);
};
