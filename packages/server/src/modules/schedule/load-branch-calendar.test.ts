import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { branch_closures, branches } from '../../db/schema/index';
import { openTestDatabase } from '../../testing';
import { forgetBranchCalendars, loadBranchCalendar } from './load-branch-calendar';

let database: DatabaseHandle;
let branchId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [branch] = await database.db
    .insert(branches)
    .values({
      name: 'Auckland Annex',
      code: 'AKX',
      country: 'NZ',
      state: 'AUK',
      time_zone: 'Pacific/Auckland',
    })
    .returning({ id: branches.id });
  branchId = branch?.id ?? 0;
  await database.db
    .insert(branch_closures)
    .values({ branch_id: branchId, starts_on: '2026-12-24', ends_on: '2027-01-04' });
});
afterAll(() => database.close());

describe('loadBranchCalendar', () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetBranchCalendars();
  });

  it('builds the calendar from the time zone, country, state and closures', async () => {
    expect(await loadBranchCalendar(database.db, branchId)).toEqual({
      branchId,
      active: true,
      calendar: {
        timeZone: 'Pacific/Auckland',
        country: 'NZ',
        region: 'AUK',
        closures: [{ startsOn: '2026-12-24', endsOn: '2027-01-04' }],
      },
    });
  });

  it('keeps a calendar for a minute, unless forgotten', async () => {
    // Only Date is faked: the cache reads Date.now(), the database keeps its own timers.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T00:00:00Z') });
    const first = await loadBranchCalendar(database.db, branchId);
    const [added] = await database.db
      .insert(branch_closures)
      .values({ branch_id: branchId, starts_on: '2027-03-01', ends_on: '2027-03-01' })
      .returning({ id: branch_closures.id });

    vi.setSystemTime(new Date('2026-11-23T00:00:59Z'));
    expect(await loadBranchCalendar(database.db, branchId)).toBe(first);
    vi.setSystemTime(new Date('2026-11-23T00:01:01Z'));
    const refreshed = await loadBranchCalendar(database.db, branchId);
    expect(refreshed?.calendar.closures).toHaveLength(2);

    await database.db.delete(branch_closures).where(eq(branch_closures.id, added?.id ?? 0));
    expect(await loadBranchCalendar(database.db, branchId)).toBe(refreshed);
    forgetBranchCalendars();
    expect((await loadBranchCalendar(database.db, branchId))?.calendar.closures).toHaveLength(1);
  });

  it('answers null for an unknown branch and says when a branch is inactive', async () => {
    expect(await loadBranchCalendar(database.db, 999_999)).toBeNull();
    const [closed] = await database.db
      .insert(branches)
      .values({ name: 'Old Site', code: 'OLD', country: 'AU', state: 'VIC', is_active: false })
      .returning({ id: branches.id });
    const entry = await loadBranchCalendar(database.db, closed?.id ?? 0);
    expect(entry?.active).toBe(false);
    expect(entry?.calendar.timeZone).toBe('Australia/Melbourne');
  });

  it('refuses a branch whose time zone is unknown rather than schedule on a wrong calendar', async () => {
    const [broken] = await database.db
      .insert(branches)
      .values({ name: 'Nowhere', code: 'NOW', country: 'AU', time_zone: 'Mars/Olympus_Mons' })
      .returning({ id: branches.id });
    await expect(loadBranchCalendar(database.db, broken?.id ?? 0)).rejects.toThrow(RangeError);
  });
});
