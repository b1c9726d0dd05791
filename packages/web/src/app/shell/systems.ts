import { checkInUrl, collectionPageUrl } from '../../lib/navigation';

// The navigation menu of systems (spec collection-views §2). The case system is this page.

export type SystemKey =
  | 'case'
  | 'client'
  | 'customer_service'
  | 'newCheckin'
  | 'design'
  | 'production'
  | 'finishing'
  | 'warehouse'
  | 'accounts'
  | 'gauge_manufacturing'
  | 'management';

export type SystemEntry = { key: SystemKey; label: string; isRestricted: boolean };

export const systemEntries: readonly SystemEntry[] = [
  { key: 'case', label: 'Cases', isRestricted: false },
  { key: 'client', label: 'Clients', isRestricted: false },
  { key: 'customer_service', label: 'Customer Service', isRestricted: false },
  { key: 'newCheckin', label: 'Checkin', isRestricted: false },
  { key: 'design', label: 'Design', isRestricted: false },
  { key: 'production', label: 'Production', isRestricted: false },
  { key: 'finishing', label: 'Finishing', isRestricted: false },
  { key: 'warehouse', label: 'Warehouse', isRestricted: false },
  { key: 'accounts', label: 'Accounts', isRestricted: true },
  { key: 'gauge_manufacturing', label: 'Gauge MRP', isRestricted: true },
  { key: 'management', label: 'Management', isRestricted: true },
];

/** Restricted users do not see Accounts, Gauge MRP and Management. */
export const visibleSystems = (isRestricted: boolean): readonly SystemEntry[] =>
  isRestricted ? systemEntries.filter((entry) => !entry.isRestricted) : systemEntries;

export const systemUrl = (key: SystemKey): string => {
  if (key === 'case') return collectionPageUrl();
  if (key === 'newCheckin') return checkInUrl;
  return `/static/v2/${key}.html`;
};
