import { Faker, base, en, en_AU } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import { recomputeCaseSchedules } from '../../modules/schedule/recompute-case-schedule';
import { deriveMissingPickLots } from '../../modules/warehouse/pick-lots';
import { seedDemoPayments } from '../../modules/invoicing/demo-payments';
import { seedDeliveries } from '../../modules/warehouse/demo-deliveries';
import { cases } from '../schema/index';
import { inTransaction, type Db } from '../client';
import { seedClients } from './demo-data/clients';
import { loadReference } from './demo-data/context';
import type { Generator } from './demo-data/generator';
import { seedKitLoans } from './demo-data/kit-loans';
import { planCollection, poolsFor } from './demo-data/plan-collection';
import { seedProduction } from './demo-data/production';
import { emptyRows, writeRows } from './demo-data/rows';
import { seedStaff } from './demo-data/staff';
import { seedReferenceData } from './reference';

export const demoPassword = 'demo';

/** The sign-ins the README and the start banner list; all use demoPassword. */
export const demoSignIns = [
  { username: 'admin', role: 'admin' },
  { username: 'designer', role: 'DESIGN' },
  { username: 'machinist', role: 'MACHINING' },
  { username: 'polisher', role: 'POLISHING' },
  { username: 'support', role: 'ADMIN, restricted' },
  // Picks, ticks the packing items and dispatches: departments hold their own permissions.
  { username: 'warehouse', role: 'WAREHOUSE' },
] as const;

/** Same seed, same demo: patients, clients, statuses and choices repeat on every run. */
export const demoFakerSeed = 20261121;

/**
 * A working demo lab on an EMPTY database (the caller checks): the reference catalogue, the six demo
 * sign-ins and 25 more employees, about 60 clients, machines and projects, and `collections`
 * orders with every screen's data. Dates are relative to now; everything else is fixed by the faker seed.
 * One transaction, rows inserted in multi-row batches.
 */
export const seedDemoData = async (db: Db, options: { collections?: number } = {}): Promise<void> => {
  const count = options.collections ?? 300;
  await seedReferenceData(db);
  // argon2id is deliberately slow: hash once, every demo sign-in shares the password.
  const passwordHash = await hashPassword(demoPassword);
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    const f = new Faker({ locale: [en_AU, en, base] });
    f.seed(demoFakerSeed);
    const ref = await loadReference(tx);
    const staff = await seedStaff(tx, ref, passwordHash);
    const clients = await seedClients(tx, f, staff);
    const projects = await seedProduction(tx, ref, staff, now);
    const g: Generator = {
      f,
      seed: demoFakerSeed,
      ref,
      staff,
      clients,
      projects,
      now,
      rows: emptyRows(),
      detail: 'demo',
      lastCaseOfClient: new Map(),
      seen: new Set(),
    };
    const pools = poolsFor(g);
    for (let i = 0; i < count; i += 1) planCollection(g, pools, i);
    await writeRows(tx, g.rows);
    // The generator's calendar is simplified (no holidays, no daylight saving). Active cases get the real
    // schedule, so the drawer's dispatch time agrees with its Department Due Times card from the start.
    const activeCases = await tx.select({ uid: cases.uid }).from(cases).where(eq(cases.active, true));
    await recomputeCaseSchedules(
      tx,
      activeCases.map((row) => row.uid),
    );
    await seedKitLoans(tx, now);
  });
  // The demo's picked slips get their lots placed at once, so a recall answers from the first start.
  await deriveMissingPickLots(db);
  // Then the deliveries that cover the open cases' parts, booked in as the warehouse does.
  await seedDeliveries(db, now);
  await seedDemoPayments(db, now);
};
