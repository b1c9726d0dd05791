// Query keys of the production feature: the calendar by branch and range, the queues by department.

export const machineCalendarRootKey = ['production', 'calendar'] as const;

export const machineCalendarQueryKey = (range: { branch: number | null; start: string; end: string }) =>
  [...machineCalendarRootKey, range.branch, range.start, range.end] as const;

export const workQueueRootKey = ['production', 'work-queue'] as const;
