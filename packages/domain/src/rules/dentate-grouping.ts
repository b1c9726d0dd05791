import type { Dentate } from '../enums';
import { isLowerTooth, isUpperTooth } from './teeth';

// The components view's dentate tabs (collection-views §2 'Components view', §4 'Component grouping
// into dentate tabs' and 'Order within a tab').

export type DentateTab = Dentate;
/** Tab order on screen: Upper, Lower, Both, None. */
export const dentateTabs: readonly DentateTab[] = ['UPPER', 'LOWER', 'BOTH', 'NONE'];

export type DentateGroupable = { dentate: Dentate | null; implants: readonly { tooth: number }[] };

/**
 * The tab a component shows under. An explicit BOTH or NONE wins. Otherwise the implants decide, and a
 * dentate of one jaw with implants in the other lands in Both. The spec states that only for UPPER with
 * lower implants; LOWER with upper implants is treated the same, because the component then spans both
 * jaws and listing it under one of them would hide work on the other from whoever reads that tab.
 * Without implants the dentate (UPPER/LOWER) decides, else None.
 */
export const dentateTabOf = (component: DentateGroupable): DentateTab => {
  const { dentate, implants } = component;
  if (dentate === 'BOTH' || dentate === 'NONE') return dentate;
  const hasUpper = implants.some((implant) => isUpperTooth(implant.tooth)) || dentate === 'UPPER';
  const hasLower = implants.some((implant) => isLowerTooth(implant.tooth)) || dentate === 'LOWER';
  if (hasUpper && hasLower) return 'BOTH';
  if (hasUpper) return 'UPPER';
  if (hasLower) return 'LOWER';
  return 'NONE';
};

export type TabOrderable = { active: boolean; dispatched: boolean; redo: string | boolean | null };

/** 0 active non-redo, 1 active redo, 2 inactive dispatched, 3 the rest (cancelled). */
const rankWithinTab = (component: TabOrderable): number => {
  if (component.active) return component.redo ? 1 : 0;
  return component.dispatched ? 2 : 3;
};

/** Comparator for `sort`: the spec's four groups; equal within a group, so a stable sort keeps input order. */
export const compareWithinTab = (a: TabOrderable, b: TabOrderable): number =>
  rankWithinTab(a) - rankWithinTab(b);

/** A sorted copy; the input order (e.g. case_mkey) is kept within each group. */
export const orderWithinTab = <T extends TabOrderable>(components: readonly T[]): T[] =>
  components.toSorted(compareWithinTab);

export type DentateTabGroup<T> = { tab: DentateTab; count: number; components: T[] };

/** The tabs that have components, in screen order, each sorted for display and with its count. */
export const groupComponentsByDentate = <T extends DentateGroupable & TabOrderable>(
  components: readonly T[],
): DentateTabGroup<T>[] => {
  const byTab = new Map<DentateTab, T[]>(dentateTabs.map((tab) => [tab, []]));
  for (const component of components) byTab.get(dentateTabOf(component))?.push(component);
  return dentateTabs.flatMap((tab) => {
    const members = orderWithinTab(byTab.get(tab) ?? []);
    return members.length > 0 ? [{ tab, count: members.length, components: members }] : [];
  });
};
