import { desc, eq } from 'drizzle-orm';
import {
  communicationTexts,
  maxDatabaseInteger,
  mobileDeliverySchema,
  toIso,
  type Communication,
  type EmailInfo,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import { communications } from '../../db/schema/index';
import { requireCollection } from '../collections/collection-queries';

// The communications log of a collection (GET /api/v2/collection/{uid}/communicationlogs/) and one
// e-mail's state (GET /api/v2/communications/{id}); collection-views §3 'Communication'. The rows are
// written by the mail and push senders; this only reads them.

type CommunicationRow = typeof communications.$inferSelect;
type EmailDelivery = { email: string; _id: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/**
 * The e-mail deliveries of the stored response, whatever shape the sender kept: a list of
 * {email, _id|id|messageId}, or a transport answer {accepted: [...], messageId}. Without either, the
 * recipients the row was addressed to, identified by the communication's uid.
 */
const emailDeliveries = (row: CommunicationRow): EmailDelivery[] => {
  const response: unknown = row.response;
  if (Array.isArray(response)) {
    const listed = response.filter(isRecord).flatMap((item) => {
      const email = text(item.email);
      return email
        ? [{ email, _id: text(item._id) ?? text(item.id) ?? text(item.messageId) ?? row.uid }]
        : [];
    });
    if (listed.length > 0) return listed;
  }
  if (isRecord(response) && Array.isArray(response.accepted)) {
    const id = text(response.messageId) ?? row.uid;
    const accepted = response.accepted.map(text).filter((email): email is string => email !== null);
    if (accepted.length > 0) return accepted.map((email) => ({ email, _id: id }));
  }
  return row.recipient
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email !== '')
    .map((email) => ({ email, _id: row.uid }));
};

/** The push deliveries of the stored response; anything else in it is left out. */
const mobileDeliveries = (row: CommunicationRow) => {
  const response: unknown = row.response;
  const items = Array.isArray(response)
    ? response
    : isRecord(response) && Array.isArray(response.results)
      ? response.results
      : [];
  return items.flatMap((item: unknown) => {
    const parsed = mobileDeliverySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
};

export const presentCommunication = (row: CommunicationRow): Communication => {
  const mobile = row.communication_provider === 'FCM';
  return {
    id: row.id,
    uid: row.uid,
    communication_type: row.communication_type,
    communication_provider: mobile ? 'mobile' : 'email',
    created_at: toIso(row.created_at),
    case_uid: row.case_uid,
    case_collection_uid: row.case_collection_uid,
    approval_uid: row.approval_uid,
    subject: row.subject,
    response: mobile ? mobileDeliveries(row) : emailDeliveries(row),
  };
};

/** The collection's communications, newest first. */
export const listCommunicationLogs = async (q: Queryable, rawUid: string): Promise<Communication[]> => {
  const uid = await requireCollection(q, rawUid);
  const rows = await q
    .select()
    .from(communications)
    .where(eq(communications.case_collection_uid, uid))
    .orderBy(desc(communications.created_at), desc(communications.id));
  return rows.map(presentCommunication);
};

const failedStates = new Set(['failed', 'bounced', 'rejected', 'error']);

/**
 * An e-mail's state, opens and clicks; otherwise `{error}` (answered 200: the spec's screen shows the
 * error text in the card) for an unknown id, a push, or an e-mail that could not be sent.
 */
export const findEmailInfo = async (q: Queryable, rawId: string): Promise<EmailInfo> => {
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1 || id > maxDatabaseInteger) return { error: communicationTexts.notFound };
  const [row] = await q.select().from(communications).where(eq(communications.id, id)).limit(1);
  if (!row) return { error: communicationTexts.notFound };
  if (row.communication_provider !== 'EMAIL') return { error: communicationTexts.notAnEmail };
  if (failedStates.has(row.state.toLowerCase()))
    return { error: row.error ?? communicationTexts.emailFailed };
  return { email: row.recipient, state: row.state, clicks: row.clicks, opens: row.opens };
};
