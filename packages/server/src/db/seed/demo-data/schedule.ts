import type { JobTypeSpec } from '../reference-data/lists';

// Business-hours arithmetic good enough for demo data: Mon–Fri 08:00–17:00 at a fixed UTC+10 (no
// daylight saving, no public holidays). The server recomputes the real schedule on the first change; the
// demo only needs *_due fields that look like the schedule maths produced them. Plain millisecond maths,
// because the bulk generator calls this millions of times.

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
const offset = 10 * HOUR;
const open = 8 * HOUR;
const close = 17 * HOUR;

const isWorkday = (localDayStart: number): boolean => {
  const day = new Date(localDayStart).getUTCDay();
  return day !== 0 && day !== 6;
};

/** The instant `hours` business hours after `t`. */
export const addBusinessHours = (t: number, hours: number): number => {
  let remaining = hours * HOUR;
  let local = t + offset;
  for (let guard = 0; guard < 5000; guard += 1) {
    const dayStart = local - (((local % DAY) + DAY) % DAY);
    if (!isWorkday(dayStart) || local >= dayStart + close) {
      local = dayStart + DAY + open;
      continue;
    }
    if (local < dayStart + open) local = dayStart + open;
    const left = dayStart + close - local;
    if (remaining <= left) return local + remaining - offset;
    remaining -= left;
    local = dayStart + DAY + open;
  }
  return local - offset;
};

/** Business seconds between two instants; negative when b is before a. */
export const businessSecondsBetween = (a: number, b: number): number => {
  if (b < a) return -businessSecondsBetween(b, a);
  let total = 0;
  let local = a + offset;
  const end = b + offset;
  for (let guard = 0; guard < 5000 && local < end; guard += 1) {
    const dayStart = local - (((local % DAY) + DAY) % DAY);
    if (isWorkday(dayStart)) {
      const from = Math.max(local, dayStart + open);
      const to = Math.min(end, dayStart + close);
      if (to > from) total += to - from;
    }
    local = dayStart + DAY;
  }
  return Math.round(total / 1000);
};

/** `hour` o'clock (lab time) on the day `days` after the day of `now`. */
export const labTime = (now: number, days: number, hour: number): number => {
  const local = now + offset;
  return local - (((local % DAY) + DAY) % DAY) + days * DAY + hour * HOUR - offset;
};

export type CaseSchedule = {
  customer_due: Date;
  metrology_due: Date;
  design_due: Date;
  machining_due: Date;
  dispatch_due: Date;
  internal_due: Date;
  buffer_time_seconds: number;
};

/** The schedule of domain-decisions.md 'Schedule' with this file's simplified calendar. */
export const scheduleFor = (
  spec: JobTypeSpec,
  start: number,
  promised: number | null,
  customerDelaySeconds = 0,
): CaseSchedule => {
  const customerDue = promised ?? addBusinessHours(start, spec.standard_turnaround_days * 9);
  const availableHours = Math.max(0, businessSecondsBetween(start, customerDue) / 3600);
  const allocated = spec.ratios.map((ratio, i) => Math.max(spec.minHours[i] ?? 0, ratio * availableHours));
  const metrology = addBusinessHours(start, allocated[0] ?? 0);
  const design = addBusinessHours(metrology, (allocated[1] ?? 0) + customerDelaySeconds / 3600);
  const machining = addBusinessHours(design, allocated[2] ?? 0);
  const dispatch = addBusinessHours(machining, allocated[3] ?? 0);
  return {
    customer_due: new Date(customerDue),
    metrology_due: new Date(metrology),
    design_due: new Date(design),
    machining_due: new Date(machining),
    dispatch_due: new Date(dispatch),
    internal_due: new Date(dispatch),
    buffer_time_seconds: businessSecondsBetween(dispatch, customerDue),
  };
};
