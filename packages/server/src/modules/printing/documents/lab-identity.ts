import {
  orderingPlatforms,
  portalBrandingFor,
  type OrderingPlatform,
  type PortalBranding,
} from '@lab/domain';
import type { PrintCollection } from '../load-print-data';

// Who the documents say made the work: the lab's trading name by the collection's branding (osteon for
// OEP orders, else nexus, as the portal brands them) and the fulfilment branch. Placeholders like the
// invoice letterhead's, to replace with the lab's registered details (a UDI label names the manufacturer).

const tradingNames: Record<PortalBranding, { name: string; phone: string; web: string }> = {
  nexus: { name: 'Nexus Dental Laboratory', phone: '+61 3 9000 1200', web: 'nexus-lab.example.com' },
  osteon: { name: 'Osteon Medical', phone: '+61 3 9000 3400', web: 'osteon.example.com' },
};

export type LabIdentity = { name: string; branch: string; phone: string; web: string };

export const labIdentityOf = (collection: PrintCollection): LabIdentity => {
  const platform = orderingPlatforms.find((p): p is OrderingPlatform => p === collection.ordering_platform);
  const trading = tradingNames[portalBrandingFor(null, platform)];
  return { ...trading, branch: collection.branch ? `${collection.branch.name} laboratory` : 'Laboratory' };
};
