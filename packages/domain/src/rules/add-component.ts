// The Add Component form's status select (collection-views §5): statuses listed by parent then name, and
// 'Awaiting Status Allocation' under IN DESIGN chosen by default.

/** What the rules need of a status; the reference list's rows carry more. */
export type StatusChoice = { name: string; parent_name: string };

export const defaultAddComponentStatusName = 'Awaiting Status Allocation';
export const defaultAddComponentStatusParent = 'IN DESIGN';

/** The default status of a new component, or undefined when the list does not have it (yet). */
export const defaultAddComponentStatus = <T extends StatusChoice>(statuses: readonly T[]): T | undefined =>
  statuses.find(
    (s) => s.name === defaultAddComponentStatusName && s.parent_name === defaultAddComponentStatusParent,
  );

// A fixed locale, so the order is the same in every browser and on the server.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Parent then name, both alphabetical (CANCELLED, DISPATCHED, IN DESIGN, …). The reference list comes in
 * workflow order instead, which the other selects use, so the form sorts a copy.
 */
export const sortStatusesForSelect = <T extends StatusChoice>(statuses: readonly T[]): T[] =>
  [...statuses].sort(
    (a, b) => collator.compare(a.parent_name, b.parent_name) || collator.compare(a.name, b.name),
  );
