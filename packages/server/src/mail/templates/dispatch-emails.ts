import type { EmailContent } from '../communications';
import type { CaseMailContext } from './case-emails';
import { formatEmailTime, renderEmail } from './render-email';

// The e-mail a client gets when cases leave the lab: which cases, the courier and tracking reference with
// the courier's tracking page, where the parcel goes, and the customer portal of the collection.

export type DispatchMailContext = {
  courier: string;
  trackingReference: string;
  /** The courier's tracking page for the reference; null when the courier has no template. */
  trackingUrl: string | null;
  /** The address lines as the parcel shows them. */
  addressLines: string[];
  dispatchedAt: Date;
  cases: { caseKey: string; jobType: string }[];
};

/** `c` is the mail context of the dispatch's first case: the client, collection and portal are shared. */
export const dispatchEmail = (c: CaseMailContext, dispatch: DispatchMailContext): EmailContent =>
  renderEmail({
    subject: `Case ${c.collectionId} is on its way: ${dispatch.courier} ${dispatch.trackingReference}`,
    heading: 'Your case is on its way',
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      {
        kind: 'paragraph',
        text: `We dispatched case ${c.collectionId} for patient ${c.patientReference} on ${formatEmailTime(dispatch.dispatchedAt, c.timeZone)}:\n${dispatch.cases.map((item) => `${item.caseKey}, ${item.jobType}`).join('\n')}`,
      },
      {
        kind: 'paragraph',
        text: `Courier: ${dispatch.courier}\nTracking reference: ${dispatch.trackingReference}`,
      },
      ...(dispatch.trackingUrl
        ? [{ kind: 'button', label: `Track with ${dispatch.courier}`, href: dispatch.trackingUrl } as const]
        : []),
      { kind: 'paragraph', text: `Delivering to:\n${dispatch.addressLines.join('\n')}` },
      { kind: 'paragraph', text: 'You can see your cases and message us in your case portal.' },
      { kind: 'button', label: 'Open your case portal', href: c.portalUrl },
    ],
  });
