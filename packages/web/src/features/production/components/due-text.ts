// How a bench reads a due time: when, and how far off in whole hours (minutes under an hour).

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

const span = (ms: number): string => {
  if (ms < hourMs) return `${Math.max(1, Math.floor(ms / minuteMs))} min`;
  if (ms < 48 * hourMs) return `${Math.floor(ms / hourMs)} h`;
  return `${Math.floor(ms / (24 * hourMs))} d`;
};

/** 'in 3 h', '2 h overdue', 'due now'; '' without a due time. */
export const relativeDue = (dueIso: string | null, now: number): string => {
  if (!dueIso) return '';
  const ms = Date.parse(dueIso) - now;
  if (Math.abs(ms) < minuteMs) return 'due now';
  return ms > 0 ? `in ${span(ms)}` : `${span(-ms)} overdue`;
};
