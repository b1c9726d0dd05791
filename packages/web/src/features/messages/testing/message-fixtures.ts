import type { Communication, Message, MessageType } from '@lab/domain';
import { clientUid, collectionUid, nextUid } from '../../../testing/records';

// The messages feature's records (cases, approvals and collections are the shared ones in src/testing):
// a staff case note and an approval e-mail on the shared collection; each test overrides what it reads.

/** Where the view loads the collection's messages, with those of its client record. */
export const messagesPath = `/api/v2/collection/${collectionUid}/messages/?extra-ref=${clientUid}`;

export const caseNoteTypes: MessageType[] = [{ code: 'CASE_NOTE', name: 'Case Note', visibility: 'STAFF' }];

export const aMessage = (overrides: Partial<Message> = {}): Message => ({
  uid: nextUid(),
  client_uid: null,
  case_collection_uid: collectionUid,
  case_uid: null,
  approval_uid: null,
  outsource_uid: null,
  message_type: 'CASE_NOTE',
  visibility: 'STAFF',
  direction: 'STATIC',
  author_reference: 'dana',
  recipient_reference: null,
  note: 'A note',
  resolvable: false,
  created_at: '2025-02-03T01:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
  attachments: [],
  read_receipts: [],
  message_seen: true,
  ...overrides,
});

export const aCommunication = (overrides: Partial<Communication> = {}): Communication => ({
  id: 1,
  uid: nextUid(),
  communication_type: 'APPROVAL_REQUEST',
  communication_provider: 'email',
  created_at: '2025-02-03T02:00:00.000Z',
  case_uid: null,
  case_collection_uid: collectionUid,
  approval_uid: null,
  subject: 'Your design is ready for approval',
  response: [{ email: 'front@bayside.example', _id: 'e-1' }],
  ...overrides,
});
