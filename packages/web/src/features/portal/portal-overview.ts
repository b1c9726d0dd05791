import {
  groupComponentsByDentate,
  isFinalProsthesis,
  isLowerTooth,
  isUpperTooth,
  type DentateTab,
  type PortalCase,
} from '@lab/domain';

// How the overview lays the cases out (collection-views §2 'Customer portal'): one card per dentate,
// grouped and ordered by the components view's rules (rules/dentate-grouping.ts), so staff and client
// see a case under the same jaw. The spec names cards for upper and lower; a case spanning both jaws,
// or neither, gets a card of its own rather than being hidden.

export type PortalDentateCard = {
  dentate: DentateTab;
  title: string;
  /** Which jaw the tooth chart draws: a card about one jaw shows that jaw only. */
  arch: 'upper' | 'lower' | 'both';
  cases: PortalCase[];
};

export const portalDentateTitles: Record<DentateTab, string> = {
  UPPER: 'Upper',
  LOWER: 'Lower',
  BOTH: 'Upper & Lower',
  NONE: 'Other Items',
};

const archOf = (dentate: DentateTab, cases: readonly PortalCase[]): PortalDentateCard['arch'] => {
  if (dentate === 'UPPER') return 'upper';
  if (dentate === 'LOWER') return 'lower';
  if (dentate === 'BOTH') return 'both';
  // NONE: whatever its implants (if any) need.
  const teeth = cases.flatMap((item) => item.implants.map((implant) => implant.tooth));
  const hasUpper = teeth.some(isUpperTooth);
  const hasLower = teeth.some(isLowerTooth);
  if (hasUpper && !hasLower) return 'upper';
  if (hasLower && !hasUpper) return 'lower';
  return 'both';
};

export const portalDentateCards = (cases: readonly PortalCase[]): PortalDentateCard[] =>
  groupComponentsByDentate(
    // The portal has no active/redo flags: open work first, dispatched next, cancelled last.
    cases.map((item) => ({ ...item, active: !item.dispatched && !item.cancelled, redo: null })),
  ).map(({ tab, components }) => ({
    dentate: tab,
    title: portalDentateTitles[tab],
    arch: archOf(tab, components),
    cases: components.map(({ active: _active, redo: _redo, ...item }) => item),
  }));

export type EstimatedDispatch =
  | { kind: 'dispatched'; at: string | null; trackingNumber: string | null }
  | { kind: 'finalProsthesis' }
  /** The lab waits on the client's answer: the date depends on when it comes (the client-hold clock). */
  | {
      kind: 'waitingOnClient';
      answerBy: string;
      ifAnsweredBy: string;
      ifAnsweredToday: string;
      isLate: boolean;
    }
  | { kind: 'due'; at: string }
  | { kind: 'unknown' }
  | { kind: 'hidden' };

/**
 * What the Estimated Dispatch line says: the dispatch itself once sent; nothing for a cancelled case;
 * while the lab waits on the client's answer, the date it gives if they answer by the request's due (or,
 * once that passed, today); a Final Prosthesis whose final approval is not in yet counts from it (§9
 * '3 Weeks After Final Approval'); else customer_due.
 */
export const estimatedDispatchOf = (item: PortalCase, now = new Date()): EstimatedDispatch => {
  if (item.dispatched) {
    return { kind: 'dispatched', at: item.date_dispatched, trackingNumber: item.tracking_number };
  }
  if (item.cancelled) return { kind: 'hidden' };
  const hold = item.client_hold;
  if (hold) {
    return {
      kind: 'waitingOnClient',
      answerBy: hold.answer_by,
      ifAnsweredBy: hold.dispatch_if_answered_by,
      ifAnsweredToday: hold.dispatch_if_answered_today,
      isLate: Date.parse(hold.answer_by) <= now.getTime(),
    };
  }
  // A server that does not say falls back to the product class alone.
  if (item.awaiting_final_approval ?? isFinalProsthesis(item.product_class))
    return { kind: 'finalProsthesis' };
  return item.customer_due ? { kind: 'due', at: item.customer_due } : { kind: 'unknown' };
};

/** The case's implant teeth (FDI), in chart order, each once. */
export const implantTeethOf = (item: PortalCase): number[] =>
  [...new Set(item.implants.map((implant) => implant.tooth))].sort((a, b) => a - b);

export const ponticLabel = 'Pontic';

/** One line per platform (a pontic has none), its teeth in chart order: short enough for a phone. */
export const implantGroupsOf = (item: PortalCase): { platform: string; teeth: number[] }[] => {
  const groups = new Map<string, number[]>();
  for (const implant of item.implants.toSorted((a, b) => a.tooth - b.tooth)) {
    const platform = implant.platform ?? ponticLabel;
    groups.set(platform, [...(groups.get(platform) ?? []), implant.tooth]);
  }
  return [...groups].map(([platform, teeth]) => ({ platform, teeth }));
};
