import { formatToothText, type CollectionCase } from '@lab/domain';

// What a component card shows (collection-views §4 'Component card flags', case-workspace §4
// 'Department chips' and 'Delegation'), as pure functions the card and its tests share.

/** The status text is hidden when the case is dispatched, cancelled or ordered (the chip says it). */
export const isCardStatusShown = (
  item: Pick<CollectionCase, 'dispatched' | 'cancelled' | 'ordered'>,
): boolean => !item.dispatched && !item.cancelled && !item.ordered;

/** Delegation shows only for cases in design, production or lab. */
export const isDelegationShown = (
  item: Pick<CollectionCase, 'in_design' | 'in_production' | 'in_lab'>,
): boolean => item.in_design || item.in_production || item.in_lab;

/** The implants' teeth, FDI labels in chart order; pontics included (they are teeth of the work too). */
export const implantTeethLabel = (item: Pick<CollectionCase, 'implants'>): string =>
  item.implants
    .map((implant) => implant.tooth)
    .toSorted((a, b) => a - b)
    .map((tooth) => formatToothText(tooth, 'fdi'))
    .join(', ');
