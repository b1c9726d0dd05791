import type { EmailContent } from '../communications';
import { formatEmailTime, renderEmail } from './render-email';

// The e-mail a partner lab gets when a job starts: what the job is, when it is due, the lab's note and
// the share link of its job page (no client details: the partner needs the work, not the customer).

export type OutsourceMailContext = {
  partnerName: string;
  collectionId: number;
  caseKey: string;
  jobType: string;
  patientReference: string;
  dueAt: Date | null;
  note: string;
  /** {PUBLIC_URL}/static/v2/partner.html?key={outsource_key} */
  jobUrl: string;
  timeZone: string;
};

export const outsourceRequestEmail = (c: OutsourceMailContext): EmailContent =>
  renderEmail({
    subject: `New job ${c.caseKey}: ${c.jobType}`,
    heading: 'A new job for you',
    blocks: [
      { kind: 'paragraph', text: `Hello ${c.partnerName},` },
      {
        kind: 'paragraph',
        text: `We have sent you case ${c.collectionId} (${c.caseKey}, ${c.jobType}) for patient reference ${c.patientReference}.${c.dueAt ? ` Please return it by ${formatEmailTime(c.dueAt, c.timeZone)}.` : ''}`,
      },
      { kind: 'quote', text: c.note },
      {
        kind: 'paragraph',
        text: 'The job page has the files, the order form and our messages; upload your result there.',
      },
      { kind: 'button', label: 'Open the job', href: c.jobUrl },
    ],
  });
