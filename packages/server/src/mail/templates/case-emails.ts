import type { EmailContent } from '../communications';
import { formatEmailTime, renderEmail } from './render-email';

// The e-mails a client gets about a case: an approval request, its reminders and the case-received
// notice. Each leads to the customer portal of the case's collection.

export type CaseMailContext = {
  clientName: string;
  collectionId: number;
  patientReference: string;
  caseKey: string;
  jobType: string;
  /** {PUBLIC_URL}/static/v2/portal.html?key={portal_key} */
  portalUrl: string;
  /** The fulfillment branch's zone, for the times we quote. */
  timeZone: string;
};

export const portalUrlOf = (publicUrl: string, portalKey: string): string =>
  `${publicUrl}/static/v2/portal.html?key=${encodeURIComponent(portalKey)}`;

const caseLine = (c: CaseMailContext): string =>
  `Case ${c.collectionId} (${c.caseKey}, ${c.jobType}) for patient ${c.patientReference}.`;

const portalButton = (c: CaseMailContext) =>
  ({ kind: 'button', label: 'Open your case portal', href: c.portalUrl }) as const;

export const approvalRequestEmail = (
  c: CaseMailContext,
  approval: { typeName: string; dueAt: Date; note: string },
): EmailContent =>
  renderEmail({
    subject: `Approval required: ${approval.typeName} for case ${c.collectionId}`,
    heading: `${approval.typeName} required`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      { kind: 'paragraph', text: caseLine(c) },
      { kind: 'quote', text: approval.note },
      {
        kind: 'paragraph',
        text: `Please review it and approve or request changes by ${formatEmailTime(approval.dueAt, c.timeZone)}.`,
      },
      portalButton(c),
    ],
  });

export const approvalReminderEmail = (
  c: CaseMailContext,
  approval: { typeName: string; dueAt: Date; now: Date },
): EmailContent =>
  renderEmail({
    subject: `Reminder: ${approval.typeName} for case ${c.collectionId} is waiting for you`,
    heading: `${approval.typeName} is waiting for you`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      { kind: 'paragraph', text: caseLine(c) },
      {
        kind: 'paragraph',
        text: `We are still waiting for your answer; it ${approval.dueAt.getTime() < approval.now.getTime() ? 'was' : 'is'} due by ${formatEmailTime(approval.dueAt, c.timeZone)}. Work on the case continues once you have answered.`,
      },
      portalButton(c),
    ],
  });

export const caseReceivedEmail = (c: CaseMailContext, received: { at: Date }): EmailContent =>
  renderEmail({
    subject: `We have received case ${c.collectionId}`,
    heading: 'Your case has arrived',
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      {
        kind: 'paragraph',
        text: `${caseLine(c)} It arrived at our lab on ${formatEmailTime(received.at, c.timeZone)}.`,
      },
      { kind: 'paragraph', text: 'You can follow its progress and message us in your case portal.' },
      portalButton(c),
    ],
  });

export const informationRequestEmail = (
  c: CaseMailContext,
  request: { items: readonly string[]; note: string },
): EmailContent =>
  renderEmail({
    subject: `Information needed for case ${c.collectionId}`,
    heading: 'We need a little more from you',
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      { kind: 'paragraph', text: `${caseLine(c)} Before we can start, please send us:` },
      ...request.items.map((item) => ({ kind: 'paragraph', text: `• ${item}` }) as const),
      { kind: 'quote', text: request.note },
      { kind: 'paragraph', text: 'You can answer and send files in your case portal.' },
      portalButton(c),
    ],
  });

/** Gauge MRP's recall notice: the message the lab reviewed, as the portal shows it, with the link. */
export const recallNoticeEmail = (c: CaseMailContext, text: string): EmailContent =>
  renderEmail({
    subject: `Safety notice concerning case ${c.collectionId}`,
    heading: 'A safety notice concerns your case',
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.clientName},` },
      { kind: 'quote', text },
      { kind: 'paragraph', text: 'You can answer us in your case portal.' },
      portalButton(c),
    ],
  });
