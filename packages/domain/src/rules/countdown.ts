// The immediacy countdown (collection-views §9: 'Countdown updates every second, shows
// hours:minutes:seconds, with a minus sign once past due'; case header and cards turn orange while it
// is alerting).

/**
 * Alerting from one hour before the due time, and on past it. An hour is the shortest immediacy a lab
 * would start and roughly what the last stage of a rush job needs, so the colour change still leaves
 * time to act rather than only announcing a miss.
 */
export const countdownAlertThresholdSeconds = 3600;

type Instant = Date | string | number;

const millisOf = (instant: Instant): number => new Date(instant).getTime();

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * 'HH:MM:SS' for a time left (hours may pass 99), '-HH:MM:SS' once past it. Whole seconds elapsed are
 * shown, so the minus appears at the first full second past due and never as '-00:00:00'. Every
 * countdown of the product (immediacy, update notice) uses this one format.
 */
export const formatCountdown = (millisecondsLeft: number): string => {
  const totalSeconds = Math.floor(Math.abs(millisecondsLeft) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const sign = millisecondsLeft < 0 && totalSeconds > 0 ? '-' : '';
  return `${sign}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
};

/** The immediacy countdown from its due time; '' when either time is unreadable. */
export const formatImmediacyCountdown = (due: Instant, now: Instant): string => {
  const millisecondsLeft = millisOf(due) - millisOf(now);
  return Number.isNaN(millisecondsLeft) ? '' : formatCountdown(millisecondsLeft);
};

export const isImmediacyPastDue = (due: Instant, now: Instant): boolean => millisOf(now) > millisOf(due);

/** Under an hour left, or past due. */
export const isCountdownAlerting = (due: Instant, now: Instant): boolean =>
  millisOf(due) - millisOf(now) < countdownAlertThresholdSeconds * 1000;
