// Spec (collection-views §9): 'Hours shown as whole hours (seconds / 3600, rounded down)'. Rounded down
// means towards minus infinity, so a buffer half an hour late shows -1, never a reassuring 0.

export const secondsPerHour = 3600;

// `+ 0` turns the -0 of Math.floor(-0) into 0.
export const toWholeHours = (seconds: number): number => Math.floor(seconds / secondsPerHour) + 0;

/** '12' for 43 200 seconds; the caller adds the unit. */
export const formatWholeHours = (seconds: number): string => String(toWholeHours(seconds));
