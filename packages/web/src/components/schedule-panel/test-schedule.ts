import type { Schedule } from '@lab/domain';

// A schedule for component tests (the panel, the Modify Case Times dialog).
// Monday 3 Feb 2025 in Melbourne (UTC+11): 08:00 is 21:00Z the day before, 17:00 is 06:00Z.
export const buildTestSchedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  start_time: '2025-02-02T21:00:00.000Z',
  internal_due_time: '2025-02-03T05:00:00.000Z',
  customer_due_time: '2025-02-03T06:00:00.000Z',
  buffer_time_seconds: 3600,
  customer_delay: 0,
  ratios: { metrology: 0.1, design: 0.3, machining: 0.3, dispatch: 0.2 },
  minimum_durations: { metrology: 5399, design: 7200, machining: 3600, dispatch: 1800 },
  allocated_durations: { metrology: 7199, design: 10800, machining: 7200, dispatch: 3600 },
  actual_durations: { metrology: null, design: null, machining: null, dispatch: null },
  overrides: { design: null, machining: null },
  due_times: {
    metrology: '2025-02-02T23:00:00.000Z',
    design: '2025-02-03T02:00:00.000Z',
    machining: '2025-02-03T04:00:00.000Z',
    dispatch: '2025-02-03T05:00:00.000Z',
  },
  ...overrides,
});
