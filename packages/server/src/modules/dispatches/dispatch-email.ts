import { asc, eq, gte, sql } from 'drizzle-orm';
import { trackingUrlOf } from '@lab/domain';
import type { Db } from '../../db/client';
import { cases, communications, couriers, dispatch_cases, dispatches } from '../../db/schema/index';
import { loadCaseMails } from '../../jobs/case-mail-context';
import { sendOnce } from '../../jobs/send-once';
import { communicationTypes } from '../../mail/communications';
import type { Mailer } from '../../mail/mailer';
import { dispatchEmail } from '../../mail/templates/dispatch-emails';

// Job 'dispatch-email': queued with every new dispatch. The shipping client hears which cases left, with
// the courier, the tracking reference and its tracking page, and the link to the case portal.

const addressLinesOf = (value: unknown): string[] => {
  const address = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (key: string) => (typeof address[key] === 'string' ? address[key] : '');
  const place = [text('suburb'), text('state'), text('postcode')].filter(Boolean).join(' ');
  return [text('address_line_1'), text('address_line_2'), place, text('country')].filter(Boolean);
};

const loadDispatch = async (db: Db, dispatchUid: string) => {
  const [dispatch] = await db
    .select({
      id: dispatches.id,
      courier: dispatches.courier,
      tracking_reference: dispatches.tracking_reference,
      shipping_address: dispatches.shipping_address,
      dispatched_at: dispatches.dispatched_at,
      tracking_url_template: couriers.tracking_url_template,
    })
    .from(dispatches)
    .leftJoin(couriers, eq(couriers.name, dispatches.courier))
    .where(eq(dispatches.uid, dispatchUid))
    .limit(1);
  if (!dispatch) return null;
  const caseRows = await db
    .select({ uid: cases.uid })
    .from(dispatch_cases)
    .innerJoin(cases, eq(cases.uid, dispatch_cases.case_uid))
    .where(eq(dispatch_cases.dispatch_id, dispatch.id))
    .orderBy(asc(cases.case_mkey));
  return { ...dispatch, caseUids: caseRows.map((r) => r.uid) };
};

export const sendDispatchEmail = async (db: Db, mailer: Mailer, dispatchUid: string): Promise<void> => {
  const dispatch = await loadDispatch(db, dispatchUid);
  if (!dispatch) return;
  const mails = await loadCaseMails(db, mailer, dispatch.caseUids);
  const caseMails = dispatch.caseUids.flatMap((uid) => mails.get(uid) ?? []);
  const first = caseMails[0];
  const firstCaseUid = first?.subject.case_uid;
  if (!first || !firstCaseUid) return;
  const courier = dispatch.courier ?? '';
  const trackingReference = dispatch.tracking_reference ?? '';
  await sendOnce(db, mailer, {
    // The mail is logged against the dispatch's first case.
    subject: { ...first.subject, communication_type: communicationTypes.dispatchConfirmation },
    content: dispatchEmail(first.context, {
      courier,
      trackingReference,
      trackingUrl: trackingUrlOf(dispatch.tracking_url_template, trackingReference),
      addressLines: addressLinesOf(dispatch.shipping_address),
      dispatchedAt: dispatch.dispatched_at,
      cases: caseMails.map((mail) => ({ caseKey: mail.context.caseKey, jobType: mail.context.jobType })),
    }),
    // This dispatch's earlier try: communications name no dispatch, but a case is dispatched again only
    // after this one, so a row of the first case written since the dispatch is this mail's.
    match: sql`${eq(communications.case_uid, firstCaseUid)} AND ${gte(communications.created_at, dispatch.dispatched_at)}`,
  });
};
