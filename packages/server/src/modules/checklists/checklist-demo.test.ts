import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type DatabaseHandle } from '../../db/client';
import { seedDemoData } from '../../db/seed/demo';
import { openTestDatabase } from '../../testing/test-database';

// The demo's checklists agree with the rules: every active case has its job type's items, every state
// of an item shows somewhere, and no case at a dispatch-ready status or dispatched has a mandatory item
// open (the gate would never have let it get there).

let demo: DatabaseHandle;
beforeAll(async () => {
  demo = await openTestDatabase();
  await seedDemoData(demo.db, { collections: 40 });
});
afterAll(() => demo?.close());

const count = async (query: ReturnType<typeof sql>): Promise<number> =>
  Number((await selectRows<{ n: number }>(demo.db, query))[0]?.n ?? 0);

describe('demo checklists', () => {
  it('gives every active case the items of its job type', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM cases c
                      WHERE c.active AND NOT EXISTS (SELECT 1 FROM checklist_items i WHERE i.case_uid = c.uid)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM checklist_items i JOIN cases c ON c.uid = i.case_uid
                      JOIN checklist_templates t ON t.id = i.template_id
                      WHERE t.job_type_id IS NOT NULL AND t.job_type_id <> c.job_type_id`),
    ).toBe(0);
  });

  it('shows items open, done, not required, and mandatory ones open', async () => {
    const states = await selectRows<{ state: string; n: number }>(
      demo.db,
      sql`SELECT CASE WHEN done THEN 'done' WHEN not_required THEN 'not_required'
                      WHEN mandatory THEN 'mandatory_open' ELSE 'open' END AS state, count(*)::int AS n
          FROM checklist_items GROUP BY 1`,
    );
    expect(new Set(states.filter((s) => s.n > 0).map((s) => s.state))).toEqual(
      new Set(['done', 'not_required', 'mandatory_open', 'open']),
    );
    // Who and when go with every tick, and only with a tick.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM checklist_items
                      WHERE (done OR not_required) <> (checked_at IS NOT NULL AND checked_by_name IS NOT NULL)`),
    ).toBe(0);
  });

  it('has no open mandatory item on a case ready for dispatch or dispatched', async () => {
    expect(
      await count(sql`SELECT count(*)::int AS n FROM checklist_items i JOIN cases c ON c.uid = i.case_uid
                      JOIN statuses s ON s.id = c.status_id
                      WHERE (s.dispatch_ready OR c.dispatched) AND i.mandatory AND NOT i.done
                        AND NOT i.not_required`),
    ).toBe(0);
  });
});
