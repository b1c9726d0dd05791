import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { createBusinessCalendar, localDayOf, openingHoursOn } from './business-calendar';
import {
  businessSecondsBetween,
  closeOfBusinessOn,
  isBusinessTime,
  startOfNextBusinessTime,
} from './business-time';
import { computeSchedule } from './compute-schedule';
import type { ScheduleProfile } from './compute-schedule';
import { scheduleSchema, scheduleStages } from './schedule-schema';

const zone = 'Australia/Melbourne';
const melbourne = createBusinessCalendar({ country: 'AU', region: 'VIC' });
const hour = 3600;
const mel = (local: string): Date => DateTime.fromISO(local, { zone }).toJSDate();
const local = (iso: string): string => DateTime.fromISO(iso, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");

const profile: ScheduleProfile = {
  standardTurnaroundDays: 5,
  minimumSeconds: { metrology: 2 * hour, design: 4 * hour, machining: 20 * hour, dispatch: hour },
  ratios: { metrology: 0.1, design: 0.3, machining: 0.3, dispatch: 0.1 },
};

// Mon 2 Jun 2025 10:00; five business days later skips King's Birthday (Mon 9 Jun): P = Tue 10 Jun 17:00,
// available = 7 h + 5 × 9 h = 52 h.
const start = mel('2025-06-02T10:00');

describe('computeSchedule', () => {
  it('allocates max(minimum, ratio × available) and chains the stage dues', () => {
    const schedule = computeSchedule({ calendar: melbourne, start, profile });
    expect(local(schedule.customer_due_time)).toBe('2025-06-10T17:00');
    expect(schedule.allocated_durations).toEqual({
      metrology: 18_720, // 5.2 h from the ratio
      design: 56_160, // 15.6 h
      machining: 72_000, // the 20 h minimum beats 15.6 h
      dispatch: 18_720,
    });
    expect({
      metrology: local(schedule.due_times.metrology),
      design: local(schedule.due_times.design),
      machining: local(schedule.due_times.machining),
      dispatch: local(schedule.due_times.dispatch),
    }).toEqual({
      metrology: '2025-06-02T15:12',
      design: '2025-06-04T12:48',
      machining: '2025-06-06T14:48',
      dispatch: '2025-06-10T11:00',
    });
    expect(schedule.internal_due_time).toBe(schedule.due_times.dispatch);
    expect(schedule.buffer_time_seconds).toBe(6 * hour);
    expect(schedule.start_time).toBe(start.toISOString());
    expect(schedule.ratios).toEqual(profile.ratios);
    expect(schedule.minimum_durations).toEqual(profile.minimumSeconds);
    expect(schedule.overrides).toEqual({ design: null, machining: null });
    expect(schedule.customer_delay).toBe(0);
    expect(schedule.actual_durations).toEqual({
      metrology: null,
      design: null,
      machining: null,
      dispatch: null,
    });
    expect(scheduleSchema.parse(schedule)).toEqual(schedule);
  });

  it('lets the design stage absorb the customer delay and moves the customer due by it: the buffer is kept', () => {
    const without = computeSchedule({ calendar: melbourne, start, profile });
    const schedule = computeSchedule({ calendar: melbourne, start, profile, customerDelaySeconds: 2 * hour });
    expect(schedule.customer_delay).toBe(2 * hour);
    expect(schedule.allocated_durations.design).toBe(56_160);
    expect(local(schedule.due_times.metrology)).toBe('2025-06-02T15:12');
    expect(local(schedule.due_times.design)).toBe('2025-06-04T14:48');
    expect(local(schedule.due_times.dispatch)).toBe('2025-06-10T13:00');
    expect(schedule.buffer_time_seconds).toBe(without.buffer_time_seconds);
    expect(
      businessSecondsBetween(
        melbourne,
        new Date(without.customer_due_time),
        new Date(schedule.customer_due_time),
      ),
    ).toBe(2 * hour);
  });

  it('uses the overrides for design and machining as given', () => {
    const schedule = computeSchedule({
      calendar: melbourne,
      start,
      profile,
      overrides: { design: 9 * hour, machining: null },
    });
    expect(schedule.overrides).toEqual({ design: 9 * hour, machining: null });
    expect(schedule.allocated_durations.design).toBe(9 * hour);
    expect(schedule.allocated_durations.machining).toBe(72_000);
    expect(local(schedule.due_times.design)).toBe('2025-06-03T15:12');
  });

  it('shares out the time to a promised date, and goes negative when the minimums do not fit', () => {
    const promised = closeOfBusinessOn(melbourne, '2025-06-05'); // available = 7 h + 3 × 9 h = 34 h
    const schedule = computeSchedule({ calendar: melbourne, start, promised, profile });
    expect(schedule.customer_due_time).toBe(promised.toISOString());
    expect(schedule.allocated_durations).toEqual({
      metrology: 12_240,
      design: 36_720,
      machining: 72_000,
      dispatch: 12_240,
    });
    expect(schedule.buffer_time_seconds).toBe(-3 * hour);
    expect(new Date(schedule.internal_due_time).getTime()).toBeGreaterThan(promised.getTime());
  });

  it('gives the minimums only when the promise is already past', () => {
    const schedule = computeSchedule({
      calendar: melbourne,
      start,
      promised: mel('2025-05-30T12:00'),
      profile,
    });
    expect(schedule.allocated_durations).toEqual(profile.minimumSeconds);
    // Minimums of 27 h, plus Fri 12:00–17:00 and Mon 08:00–10:00 already gone.
    expect(schedule.buffer_time_seconds).toBe(-(27 + 5 + 2) * hour);
  });

  it('starts the work at the next opening when started out of hours', () => {
    const saturday = mel('2025-06-07T11:00');
    const schedule = computeSchedule({ calendar: melbourne, start: saturday, profile });
    expect(schedule.start_time).toBe(saturday.toISOString());
    expect(local(schedule.customer_due_time)).toBe('2025-06-17T17:00'); // work starts Tue 10 Jun (after King's Birthday), + 5 days
    expect(local(schedule.due_times.metrology)).toBe('2025-06-10T13:24'); // 5.4 h of 54 h
  });

  it('works in whole seconds', () => {
    const schedule = computeSchedule({
      calendar: melbourne,
      start: new Date(start.getTime() + 999),
      profile,
    });
    expect(schedule.start_time).toBe(start.toISOString());
    expect(Number.isInteger(schedule.buffer_time_seconds)).toBe(true);
  });

  it('reports actual durations from the completion stamps', () => {
    const schedule = computeSchedule({
      calendar: melbourne,
      start,
      profile,
      completed: { metrology: mel('2025-06-02T12:00'), design: mel('2025-06-03T12:00') },
    });
    expect(schedule.actual_durations).toEqual({
      metrology: 2 * hour,
      design: 9 * hour,
      machining: null,
      dispatch: null,
    });
  });

  it('rejects a broken profile or negative inputs', () => {
    const run = (changes: Partial<Parameters<typeof computeSchedule>[0]>) => () =>
      computeSchedule({ calendar: melbourne, start, profile, ...changes });
    expect(run({ profile: { ...profile, ratios: { ...profile.ratios, design: 0.8 } } })).toThrow(RangeError);
    expect(run({ profile: { ...profile, ratios: { ...profile.ratios, design: Number.NaN } } })).toThrow(
      RangeError,
    );
    expect(
      run({ profile: { ...profile, minimumSeconds: { ...profile.minimumSeconds, design: -1 } } }),
    ).toThrow(RangeError);
    expect(run({ profile: { ...profile, standardTurnaroundDays: -1 } })).toThrow(RangeError);
    expect(run({ customerDelaySeconds: -60 })).toThrow(RangeError);
    expect(run({ overrides: { machining: -1 } })).toThrow(RangeError);
  });
});

const stageSeconds = fc.integer({ min: 0, max: 40 * hour });
const profileArbitrary = fc
  .record({
    standardTurnaroundDays: fc.integer({ min: 0, max: 20 }),
    minimumSeconds: fc.record({
      metrology: stageSeconds,
      design: stageSeconds,
      machining: stageSeconds,
      dispatch: stageSeconds,
    }),
    weights: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ standardTurnaroundDays, minimumSeconds, weights }) => {
    // Five weights share 1 between the four stages and the buffer, so the ratios sum to at most 1.
    const total = weights.reduce((sum, w) => sum + w, 0) || 1;
    const [metrology = 0, design = 0, machining = 0, dispatch = 0] = weights.map((w) => w / total);
    return { standardTurnaroundDays, minimumSeconds, ratios: { metrology, design, machining, dispatch } };
  });

const from = mel('2025-01-01T00:00').getTime() / 1000;
const inputArbitrary = fc.record({
  startOffset: fc.integer({ min: 0, max: 2 * 365 * 86_400 }),
  promisedOffset: fc.option(fc.integer({ min: -10 * 86_400, max: 40 * 86_400 }), { nil: null }),
  profile: profileArbitrary,
  overrides: fc.record({
    design: fc.option(stageSeconds, { nil: null }),
    machining: fc.option(stageSeconds, { nil: null }),
  }),
  customerDelaySeconds: fc.integer({ min: 0, max: 30 * hour }),
});

type ScheduleInput = typeof inputArbitrary extends fc.Arbitrary<infer T> ? T : never;

const scheduleOf = (input: ScheduleInput) => {
  const start = new Date((from + input.startOffset) * 1000);
  const promised =
    input.promisedOffset === null ? null : new Date((from + input.startOffset + input.promisedOffset) * 1000);
  return computeSchedule({ ...input, calendar: melbourne, start, promised });
};

describe('computeSchedule properties', () => {
  it('never moves a stage due backwards', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const schedule = scheduleOf(input);
        const dues = scheduleStages.map((stage) => new Date(schedule.due_times[stage]).getTime());
        for (let i = 1; i < dues.length; i += 1) expect(dues[i]).toBeGreaterThanOrEqual(dues[i - 1] ?? 0);
        expect(new Date(schedule.start_time).getTime()).toBeLessThanOrEqual(dues[0] ?? 0);
      }),
      { numRuns: 60 },
    );
  });

  it('has a buffer whose sign says whether the internal due is before the customer due', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const schedule = scheduleOf(input);
        const internal = new Date(schedule.internal_due_time).getTime();
        const customer = new Date(schedule.customer_due_time).getTime();
        if (schedule.buffer_time_seconds < 0) expect(internal).toBeGreaterThan(customer);
        if (schedule.buffer_time_seconds > 0) expect(internal).toBeLessThan(customer);
        if (internal <= customer) expect(schedule.buffer_time_seconds).toBeGreaterThanOrEqual(0);
        if (internal > customer) expect(schedule.buffer_time_seconds).toBeLessThanOrEqual(0);
        expect(schedule.buffer_time_seconds).toBe(
          businessSecondsBetween(melbourne, new Date(internal), new Date(customer)),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('puts every due inside business hours or exactly at close, never on a weekend or holiday', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const schedule = scheduleOf(input);
        for (const stage of scheduleStages) {
          const due = new Date(schedule.due_times[stage]);
          const hours = openingHoursOn(melbourne, localDayOf(melbourne, due.getTime()));
          expect(hours).not.toBeNull();
          expect(isBusinessTime(melbourne, due) || due.getTime() === hours?.closes).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('always answers the schema, allocating override ?? max(minimum, ratio × available)', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const schedule = scheduleOf(input);
        expect(() => scheduleSchema.parse(schedule)).not.toThrow();
        const workStart = startOfNextBusinessTime(melbourne, new Date(schedule.start_time));
        // Shared out over the promised window: the client's hold moves the due, not the shares.
        const promised = scheduleOf({ ...input, customerDelaySeconds: 0 }).customer_due_time;
        const available = Math.max(0, businessSecondsBetween(melbourne, workStart, new Date(promised)));
        for (const stage of scheduleStages) {
          const override = stage === 'design' || stage === 'machining' ? input.overrides[stage] : null;
          const { minimumSeconds, ratios } = input.profile;
          expect(schedule.allocated_durations[stage]).toBe(
            override ?? Math.round(Math.max(minimumSeconds[stage], ratios[stage] * available)),
          );
        }
      }),
      { numRuns: 60 },
    );
  });
});
