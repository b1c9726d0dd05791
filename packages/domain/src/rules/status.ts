import type { Department, StatusParent } from '../enums';

export type CaseStageFlags = {
  ordered: boolean;
  in_design: boolean;
  in_production: boolean;
  in_lab: boolean;
  dispatched: boolean;
  cancelled: boolean;
};

/** Exactly one stage flag is true, derived from the status parent; a client never sets them. */
export const flagsForStatusParent = (parent: StatusParent): CaseStageFlags => ({
  ordered: parent === 'ORDERED',
  in_design: parent === 'IN DESIGN',
  in_production: parent === 'IN PRODUCTION',
  in_lab: parent === 'IN LAB',
  dispatched: parent === 'DISPATCHED',
  cancelled: parent === 'CANCELLED',
});

const departmentByParent: Partial<Record<StatusParent, Department>> = {
  ORDERED: 'ADMIN',
  'IN DESIGN': 'DESIGN',
  'IN PRODUCTION': 'MACHINING',
  'IN LAB': 'POLISHING',
};

/** The department that owns a case in this status; none once dispatched or cancelled. */
export const departmentForStatusParent = (parent: StatusParent): Department | null =>
  departmentByParent[parent] ?? null;

/** Active = neither dispatched nor cancelled. A collection is Active while any of its cases is. */
export const isActiveStatusParent = (parent: StatusParent): boolean =>
  parent !== 'DISPATCHED' && parent !== 'CANCELLED';
