import { asc, eq } from 'drizzle-orm';
import { createBusinessCalendar, defaultBusinessTimeZone, type BusinessCalendar } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { branch_closures, branches } from '../../db/schema/index';

// A branch's business calendar (domain-decisions.md 'Schedule'): its time zone, its country and state as
// the holiday region, and its configured closures.

/**
 * The calendar of a case whose collection has no fulfillment branch yet. The lab's home is Melbourne
 * (the spec's input zone is Australia/Melbourne), so an unassigned case is scheduled as if Melbourne
 * made it; choosing a branch later triggers a recompute with the real calendar.
 */
export const defaultBranchCalendar: BusinessCalendar = createBusinessCalendar({
  country: 'AU',
  region: 'VIC',
  timeZone: defaultBusinessTimeZone,
});

export type BranchCalendar = {
  branchId: number;
  /** Inactive branches keep their calendar for existing cases but take no new work. */
  active: boolean;
  calendar: BusinessCalendar;
};

// Every schedule read and every recompute needs the calendar, and each recompute sits inside a write
// transaction, so two extra queries per call add up. Branches and closures change a few times a year and
// a closure is entered days or weeks ahead, so a minute of staleness cannot move a due time that
// matters; the short expiry bounds it without any invalidation plumbing across processes. Unknown ids
// are not cached, so a branch created a moment ago is found at once.
const cacheMillis = 60_000;
const cache = new Map<number, { entry: BranchCalendar; expiresAt: number }>();

/** Drops the cached calendars, e.g. right after a branch or its closures were edited in this process. */
export const forgetBranchCalendars = (): void => cache.clear();

const readBranchCalendar = async (q: Queryable, branchId: number): Promise<BranchCalendar | null> => {
  const [branch] = await q
    .select({
      country: branches.country,
      state: branches.state,
      time_zone: branches.time_zone,
      is_active: branches.is_active,
    })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  if (!branch) return null;
  // All of them, past ones too: actual durations of old cases are measured over old dates. A branch has
  // a handful a year, so this stays small.
  const closures = await q
    .select({ startsOn: branch_closures.starts_on, endsOn: branch_closures.ends_on })
    .from(branch_closures)
    .where(eq(branch_closures.branch_id, branchId))
    .orderBy(asc(branch_closures.starts_on));
  // A bad time zone or country throws here: a wrong calendar would silently promise wrong days.
  const calendar = createBusinessCalendar({
    country: branch.country,
    region: branch.state,
    timeZone: branch.time_zone,
    closures,
  });
  return { branchId, active: branch.is_active, calendar };
};

/** The branch's calendar, or null when there is no such branch. Reads through `q`, so it works in a tx. */
export const loadBranchCalendar = async (q: Queryable, branchId: number): Promise<BranchCalendar | null> => {
  const now = Date.now();
  const cached = cache.get(branchId);
  if (cached && cached.expiresAt > now) return cached.entry;
  const entry = await readBranchCalendar(q, branchId);
  if (entry) cache.set(branchId, { entry, expiresAt: now + cacheMillis });
  else cache.delete(branchId);
  return entry;
};
