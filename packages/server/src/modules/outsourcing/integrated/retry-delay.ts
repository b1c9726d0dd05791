// The pause before the next try of a failed send: exponential (base · 2^(failures − 1)), capped at an
// hour, with "equal jitter" (half fixed, half random) so requests that failed together (a partner outage)
// do not all come back at the same instant, yet none retries at once.

export const maxRetryDelayMs = 60 * 60 * 1000;

export const retryDelayMs = (
  failures: number,
  baseSeconds: number,
  random: () => number = Math.random,
): number => {
  const exponential = Math.min(maxRetryDelayMs, baseSeconds * 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
};
