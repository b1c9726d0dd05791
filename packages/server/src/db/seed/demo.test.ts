import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { departmentForStatusParent, type StatusParent } from '@lab/domain';
import { selectRows, type DatabaseHandle } from '../client';
import { openTestDatabase } from '../../testing/test-database';
import { demoSignIns, seedDemoData } from './demo';
import { findCaseSchedule } from '../../modules/schedule/case-schedule';

// The demo seed at a test-sized 40 collections: its shape, consistency with the domain rules, and that
// the same seed gives the same data on another database.

let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  first = await openTestDatabase();
  second = await openTestDatabase();
  await seedDemoData(first.db, { collections: 40 });
  // The second run happens on another weekday and time: dates move with now, the shape must not.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 86_400_000 + 5 * 3_600_000 });
  try {
    await seedDemoData(second.db, { collections: 40 });
  } finally {
    vi.useRealTimers();
  }
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const count = async (handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> =>
  Number((await selectRows<{ n: number }>(handle.db, query))[0]?.n ?? 0);

describe('seedDemoData', () => {
  it('creates the six demo sign-ins with argon2id hashes', async () => {
    const rows = await selectRows<{
      username: string;
      department: string;
      admin: boolean;
      restricted: boolean;
      password_hash: string;
    }>(
      first.db,
      sql`SELECT username, department, admin, restricted, password_hash FROM users WHERE password_hash IS NOT NULL ORDER BY id`,
    );
    expect(rows.map((r) => r.username)).toEqual(demoSignIns.map((s) => s.username));
    expect(rows.every((r) => r.password_hash.startsWith('$argon2id$'))).toBe(true);
    expect(rows.find((r) => r.username === 'admin')).toMatchObject({ department: 'ADMIN', admin: true });
    expect(rows.find((r) => r.username === 'support')).toMatchObject({
      department: 'ADMIN',
      restricted: true,
    });
    expect(await count(first, sql`SELECT count(*)::int AS n FROM users`)).toBeGreaterThanOrEqual(25);
    expect(await count(first, sql`SELECT count(*)::int AS n FROM clients`)).toBeGreaterThanOrEqual(50);
  });

  it('spreads cases over the statuses, with active and archived collections', async () => {
    expect(await count(first, sql`SELECT count(*)::int AS n FROM collections`)).toBe(40);
    expect(
      await count(first, sql`SELECT count(DISTINCT status_id)::int AS n FROM cases`),
    ).toBeGreaterThanOrEqual(8);
    const activity = await selectRows<{ active: boolean; n: number }>(
      first.db,
      sql`SELECT active, count(*)::int AS n FROM (SELECT bool_or(active) AS active FROM cases GROUP BY collection_uid) c GROUP BY active`,
    );
    expect(activity.find((r) => r.active)?.n ?? 0).toBeGreaterThan(20);
    expect(activity.find((r) => !r.active)?.n ?? 0).toBeGreaterThan(0);
  });

  it('keeps cases consistent with their status and collection', async () => {
    const cases = await selectRows<{
      parent: StatusParent;
      department: string | null;
      mkey_ok: boolean;
      stamped: boolean;
      virtual: boolean;
    }>(
      first.db,
      sql`SELECT s.parent_name AS parent, c.department,
                 c.case_mkey = col.collection_id || '-' || lpad(c.ordinal::text, 2, '0') AS mkey_ok,
                 (c.date_metrology_complete IS NOT NULL AND c.date_design_complete IS NOT NULL
                   AND c.date_machining_complete IS NOT NULL AND c.machine_user_id IS NOT NULL) AS stamped,
                 c.virtual_product AS virtual
          FROM cases c JOIN statuses s ON s.id = c.status_id JOIN collections col ON col.uid = c.collection_uid`,
    );
    expect(cases.every((c) => c.mkey_ok)).toBe(true);
    expect(cases.every((c) => c.department === departmentForStatusParent(c.parent))).toBe(true);
    expect(cases.filter((c) => c.parent === 'IN LAB').every((c) => c.stamped)).toBe(true);
  });

  it('fills implants, messages, approvals, outsources, invoices and the rest of the screens', async () => {
    for (const table of [
      'implants',
      'messages',
      'approvals',
      'approval_files',
      'outsources',
      'invoices',
      'invoice_lines',
      'dispatches',
      'order_forms',
      'files',
      'case_audit',
      'notifications',
      'communications',
      'checklist_items',
      'machine_projects',
      'picking_slips',
    ]) {
      expect(
        await count(first, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`),
        table,
      ).toBeGreaterThan(0);
    }
    expect(
      await count(first, sql`SELECT count(DISTINCT message_type)::int AS n FROM messages`),
    ).toBeGreaterThanOrEqual(8);
    expect(
      await count(
        first,
        sql`SELECT count(*)::int AS n FROM integrated_outsource_requests WHERE error IS NOT NULL`,
      ),
    ).toBe(1);
  });

  it('never notifies anyone of their own message, as the server never does', async () => {
    expect(
      await count(
        first,
        sql`SELECT count(*)::int AS n FROM notifications n JOIN messages m ON m.uid = n.message_uid
            WHERE m.author_user_id = n.user_id`,
      ),
    ).toBe(0);
  });

  it('gives the same patients and statuses on every run, whatever the day', async () => {
    const shape = `SELECT col.patient_reference, string_agg(s.name, ',' ORDER BY c.ordinal) AS statuses
                   FROM collections col JOIN cases c ON c.collection_uid = col.uid JOIN statuses s ON s.id = c.status_id
                   GROUP BY col.collection_id, col.patient_reference ORDER BY col.collection_id`;
    const a = await selectRows(first.db, sql.raw(shape));
    const b = await selectRows(second.db, sql.raw(shape));
    expect(a).toHaveLength(40);
    expect(b).toEqual(a);
  });

  it("stores the real schedule on active cases, as the case's schedule call computes it", async () => {
    const rows = await selectRows<{ case_id: number; internal_due: Date }>(
      first.db,
      sql`SELECT case_id, internal_due FROM cases WHERE active ORDER BY case_id LIMIT 5`,
    );
    expect(rows.length).toBe(5);
    for (const row of rows) {
      const schedule = await findCaseSchedule(first.db, row.case_id);
      expect(new Date(row.internal_due).toISOString()).toBe(schedule.internal_due_time);
    }
  });
});
