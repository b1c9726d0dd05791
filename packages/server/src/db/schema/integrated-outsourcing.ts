import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { partnerAdapterTypes } from '@lab/domain';
import { oneOf, timestamptz } from './columns';
import { files } from './files';
import { outsources } from './outsourcing';

// A request sent through an integrated partner's adapter. Queued in the same transaction as the
// outsource; a job sends it with backoff (next_attempt_at) up to 10 tries; the partner reference and
// status come back by webhook or polling.
export const integrated_outsource_requests = pgTable(
  'integrated_outsource_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outsource_id: integer('outsource_id')
      .notNull()
      .references(() => outsources.id, { onDelete: 'cascade' }),
    adapter_type: text('adapter_type').notNull(),
    // What we send (DesignType, ScannerType, Instruction, Units, Position, Rush, RefId).
    payload: jsonb('payload').notNull(),
    // The case file sent with it.
    file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    sent_at: timestamptz('sent_at'),
    next_attempt_at: timestamptz('next_attempt_at'),
    retry_count: integer('retry_count').notNull().default(0),
    error: text('error'),
    error_detail: text('error_detail'),
    partner_reference: text('partner_reference'),
    // The partner's last reported status (response.status on the wire).
    response_status: text('response_status'),
    redo_requested_at: timestamptz('redo_requested_at'),
    redo_payload: jsonb('redo_payload'),
    redo_sent_at: timestamptz('redo_sent_at'),
    completed_at: timestamptz('completed_at'),
    modified_at: timestamptz('modified_at').notNull().defaultNow(),
    // When the polling fallback last asked the partner for the status, so each request is asked at most
    // once per polling interval and several processes ask about different requests.
    polled_at: timestamptz('polled_at'),
  },
  (t) => [
    index('integrated_outsource_requests_outsource_idx').on(t.outsource_id),
    // The sender scans the requests whose next try is due.
    index('integrated_outsource_requests_due_idx')
      .on(t.next_attempt_at)
      .where(sql`next_attempt_at IS NOT NULL`),
    index('integrated_outsource_requests_partner_ref_idx').on(t.adapter_type, t.partner_reference),
    check('integrated_outsource_requests_adapter_check', oneOf(t.adapter_type, partnerAdapterTypes)),
    check('integrated_outsource_requests_retry_check', sql`${t.retry_count} >= 0`),
  ],
);

// Webhook calls of integrated partners already handled, by the partner's event id: a replayed call
// (same id) changes nothing. Calls carry a signed timestamp accepted within 5 minutes, so rows older
// than that window can be deleted (the polling pass does).
export const partner_webhook_events = pgTable(
  'partner_webhook_events',
  {
    adapter_type: text('adapter_type').notNull(),
    event_id: text('event_id').notNull(),
    received_at: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adapter_type, t.event_id] }),
    index('partner_webhook_events_received_idx').on(t.received_at),
    check('partner_webhook_events_adapter_check', oneOf(t.adapter_type, partnerAdapterTypes)),
  ],
);
