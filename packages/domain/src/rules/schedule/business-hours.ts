// The opening hours every branch keeps (domain-decisions.md 'Schedule'). A module of its own, with no
// imports, so the browser can read these constants without pulling in the holiday catalogue.

export const defaultBusinessTimeZone = 'Australia/Melbourne';
export const businessOpensAtHour = 8;
export const businessClosesAtHour = 17;
