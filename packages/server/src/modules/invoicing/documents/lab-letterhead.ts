import type { PortalBranding } from '@lab/domain';

// The lab's details on its documents, one letterhead per branding (collection-views §1: osteon and nexus,
// nexus the default). Ours: the spec gives no addresses or colours, so these are placeholders to replace
// with the lab's real details before invoices go to clients.

export type Letterhead = {
  /** The trading name, printed large in the accent colour. */
  name: string;
  addressLine: string;
  contactLine: string;
  /** Headings, the table header and rules. */
  accent: string;
};

export const letterheads: Record<PortalBranding, Letterhead> = {
  nexus: {
    name: 'Nexus Dental Laboratory',
    addressLine: 'Level 3, 120 Collins Street, Melbourne VIC 3000, Australia',
    contactLine: 'accounts@nexus-lab.example.com  |  +61 3 9000 1200  |  ABN 12 345 678 901',
    accent: '#1f5fa8',
  },
  osteon: {
    name: 'Osteon Medical',
    addressLine: 'Unit 4, 18 Garden Boulevard, Dingley Village VIC 3172, Australia',
    contactLine: 'accounts@osteon.example.com  |  +61 3 9000 3400  |  ABN 98 765 432 109',
    accent: '#0e7a6d',
  },
};
