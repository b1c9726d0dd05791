import { createHash } from 'node:crypto';
import type { FileCategory, MessageTypeCode } from '@lab/domain';
import { messageTypeList } from '../reference-data/lists';
import { between, chance, newKey, newUid, type Generator } from './generator';
import { DAY, HOUR } from './schedule';

// Building blocks for the activity on a collection: file metadata, messages with their notifications,
// read receipts and attachments, and recorded e-mails.

const visibilityOf = new Map(messageTypeList.map((m) => [m.code, m.visibility]));
const contentTypes: Record<string, string> = {
  stl: 'model/stl',
  ply: 'application/ply',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  html: 'text/html',
  zip: 'application/zip',
};

export type NewFile = {
  collection_uid: string | null;
  case_uid: string | null;
  category: FileCategory;
  filename: string;
  added: number;
  uploaded_by_id?: number | null;
  uploaded_by_reference?: string | null;
  partner_id?: number | null;
};

/** Metadata only: the bytes are not stored, so the hash is of a stand-in content. */
export const addFile = (g: Generator, file: NewFile): string => {
  const uid = newUid();
  const extension = file.filename.split('.').pop() ?? '';
  g.rows.files.push({
    uid,
    storage_key: `demo/${uid}`,
    filename: file.filename,
    content_type: contentTypes[extension] ?? 'application/octet-stream',
    size_bytes:
      extension === 'stl' || extension === 'ply'
        ? g.f.number.int({ min: 2e6, max: 40e6 })
        : g.f.number.int({ min: 40e3, max: 4e6 }),
    sha256: createHash('sha256').update(`${file.filename}:${uid}`).digest('hex'),
    file_category: file.category,
    collection_uid: file.collection_uid,
    case_uid: file.case_uid,
    partner_id: file.partner_id ?? null,
    uploaded_by_id: file.uploaded_by_id ?? null,
    uploaded_by_reference: file.uploaded_by_reference ?? null,
    added: new Date(file.added),
  });
  return uid;
};

export type NewMessage = {
  type: MessageTypeCode;
  note: string;
  at: number;
  collection_uid: string | null;
  client_uid?: string | null;
  case_uid?: string | null;
  approval_uid?: string | null;
  outsource_uid?: string | null;
  /** An employee, or the client's or partner's name for messages that came in from outside. */
  author: { id: number; username: string } | string;
  recipient?: { id: number; username: string } | string | null;
  direction: 'INBOUND' | 'OUTBOUND' | 'STATIC';
  resolvedBy?: { id: number } | null;
  resolvedAt?: number | null;
  /** Employees whose bell shows it. */
  notify?: number[];
  attachments?: { category: FileCategory; filename: string }[];
};

const informational = (type: MessageTypeCode): boolean =>
  type !== 'ALERTING_MESSAGE' && type !== 'CLIENT_MESSAGE';

export const addMessage = (g: Generator, m: NewMessage): string => {
  const uid = newUid();
  const inbound = m.direction === 'INBOUND';
  const author = typeof m.author === 'string' ? { id: null, username: m.author } : m.author;
  const recipient =
    typeof m.recipient === 'string' ? { id: null, username: m.recipient } : (m.recipient ?? null);
  const resolvable = m.type === 'ALERTING_MESSAGE' || m.type === 'CUSTOMER_SERVICE_NOTE';
  g.rows.messages.push({
    uid,
    client_uid: m.client_uid ?? null,
    case_collection_uid: m.collection_uid,
    case_uid: m.case_uid ?? null,
    approval_uid: m.approval_uid ?? null,
    outsource_uid: m.outsource_uid ?? null,
    message_type: m.type,
    // Anything that came in from the client is visible to the client.
    visibility: inbound && m.type !== 'OUTSOURCE_MESSAGE' ? 'CLIENTS' : (visibilityOf.get(m.type) ?? 'STAFF'),
    author_reference: author.username,
    author_user_id: author.id,
    recipient_reference: recipient?.username ?? null,
    recipient_user_id: recipient?.id ?? null,
    direction: m.direction,
    note: m.note,
    resolvable,
    created_at: new Date(m.at),
    resolved_at: resolvable && m.resolvedAt ? new Date(m.resolvedAt) : null,
    resolved_by_id: resolvable && m.resolvedAt ? (m.resolvedBy?.id ?? null) : null,
  });
  // Attachments are files of the collection, so only messages on a collection carry them.
  for (const attachment of m.collection_uid ? (m.attachments ?? []) : []) {
    const file_uid = addFile(g, {
      collection_uid: m.collection_uid,
      case_uid: m.case_uid ?? null,
      category: attachment.category,
      filename: attachment.filename,
      added: m.at,
      uploaded_by_id: author.id,
      uploaded_by_reference: author.id === null ? author.username : null,
    });
    g.rows.messageAttachments.push({ message_uid: uid, file_uid, file_name: attachment.filename });
  }
  if (g.detail !== 'demo') return uid;
  // Staff read most of what is older than a day; clients read most of what we sent them.
  if (m.at < g.now - DAY && chance(g, 45)) {
    for (const reader of g.f.helpers.arrayElements(g.staff.all, { min: 1, max: 3 })) {
      g.rows.readReceipts.push({
        message_uid: uid,
        user_id: reader.id,
        read_at: new Date(m.at + between(g, 0.2, 20) * HOUR),
      });
    }
  }
  if (m.direction === 'OUTBOUND' && visibilityOf.get(m.type) === 'CLIENTS' && chance(g, 60)) {
    g.rows.portalReads.push({
      message_uid: uid,
      read_at: new Date(Math.min(g.now, m.at + between(g, 0.5, 30) * HOUR)),
    });
  }
  notify(g, uid, m, author);
  return uid;
};

const notify = (
  g: Generator,
  message_uid: string,
  m: NewMessage,
  author: { id: number | null; username: string },
): void => {
  // Bells only matter for recent work; older notifications would have expired or been actioned.
  if (m.at < g.now - 14 * DAY) return;
  for (const user_id of new Set(m.notify ?? [])) {
    // As on the server, nobody is notified of their own message.
    if (user_id === author.id) continue;
    const age = g.now - m.at;
    const delivered =
      age > 2 * HOUR && chance(g, 70) ? m.at + between(g, 0.05, Math.min(age / HOUR, 6)) * HOUR : null;
    g.rows.notifications.push({
      user_id,
      message_uid,
      created_at: new Date(m.at),
      expires_at: informational(m.type) ? new Date(m.at + 7 * DAY) : null,
      delivered_at: delivered === null ? null : new Date(delivered),
      dismissed_at: delivered !== null && chance(g, 45) ? new Date(Math.min(g.now, delivered + HOUR)) : null,
      message_type: m.type,
      note: m.note.slice(0, 255),
      author_reference: author.username,
      case_uid: m.case_uid ?? null,
      case_collection_uid: m.collection_uid,
    });
  }
};

type NewEmail = {
  type: string;
  at: number;
  recipient: string;
  subject: string;
  collection_uid: string | null;
  client_uid?: string | null;
  case_uid?: string | null;
  approval_uid?: string | null;
  outsource_uid?: string | null;
};

/** An e-mail we sent, with what our pixel and redirect links saw. */
export const addEmail = (g: Generator, e: NewEmail): void => {
  const recent = g.now - e.at < 5 * 60_000;
  const roll = g.f.number.int({ min: 0, max: 99 });
  const state = recent
    ? 'queued'
    : roll < 4
      ? 'bounced'
      : roll < 30
        ? 'delivered'
        : roll < 75
          ? 'opened'
          : 'clicked';
  const opens = state === 'opened' || state === 'clicked' ? g.f.number.int({ min: 1, max: 5 }) : 0;
  g.rows.communications.push({
    communication_type: e.type,
    communication_provider: 'EMAIL',
    created_at: new Date(e.at),
    sent_at: recent ? null : new Date(e.at + 20_000),
    client_uid: e.client_uid ?? null,
    case_collection_uid: e.collection_uid,
    case_uid: e.case_uid ?? null,
    approval_uid: e.approval_uid ?? null,
    outsource_uid: e.outsource_uid ?? null,
    recipient: e.recipient,
    subject: e.subject,
    state,
    opens,
    clicks: state === 'clicked' ? g.f.number.int({ min: 1, max: Math.max(1, opens) }) : 0,
    tracking_key: newKey(),
    response: recent ? null : { email: e.recipient, _id: g.f.string.hexadecimal({ length: 24, prefix: '' }) },
    error: state === 'bounced' ? '550 5.1.1 mailbox unavailable' : null,
  });
};

/** A push to the client's mobile app, with the per-device delivery results. */
export const addPush = (g: Generator, e: Omit<NewEmail, 'subject'>): void => {
  g.rows.communications.push({
    communication_type: e.type,
    communication_provider: 'FCM',
    created_at: new Date(e.at),
    sent_at: new Date(e.at + 2_000),
    client_uid: e.client_uid ?? null,
    case_collection_uid: e.collection_uid,
    case_uid: e.case_uid ?? null,
    approval_uid: e.approval_uid ?? null,
    recipient: e.recipient,
    state: 'sent',
    response: [
      { device_type: 'ios', identification: newKey().slice(0, 22), success: true },
      ...(chance(g, 40)
        ? [{ device_type: 'android', identification: newKey().slice(0, 22), success: chance(g, 80) }]
        : []),
    ],
  });
};

type NewAuditEvent = {
  entity_type: string;
  entity_id: string;
  action: string;
  at: number;
  collection_uid: string;
  case_uid?: string | null;
  changed_values?: Record<string, unknown>;
  /** An employee, or the client's name for portal actions. */
  actor: { id: number; username: string } | string;
};

export const addAuditEvent = (g: Generator, e: NewAuditEvent): void => {
  const actor = typeof e.actor === 'string' ? { id: null, username: e.actor } : e.actor;
  g.rows.auditEvents.push({
    entity_type: e.entity_type,
    entity_id: e.entity_id,
    action: e.action,
    collection_uid: e.collection_uid,
    case_uid: e.case_uid ?? null,
    changed_values: e.changed_values ?? {},
    actor_user_id: actor.id,
    actor_reference: actor.username,
    created_at: new Date(e.at),
  });
};
