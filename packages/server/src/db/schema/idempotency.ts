import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf, timestamptz } from './columns';

/**
 * One write sent with an `Idempotency-Key` (http/idempotency.ts), kept 24 hours per caller. `running`
 * until its transaction commits (`committed`, written inside that transaction) and its answer is kept
 * (`answered`); a retry with the same key and body is answered from here instead of writing again.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    // Who sent it: `staff:<user id>`, `portal:<collection uid>` or `partner:<outsource uid>`.
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    // sha256 of the method, the address and the body, so a key reused for another request is told apart.
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull(),
    // Which request holds the claim: one that outlived its lease while a retry took over finds another
    // token here, and its write rolls back instead of committing twice.
    claim_token: text('claim_token').notNull(),
    // A running request past this instant died before it committed: a retry may run it again.
    lease_until: timestamptz('lease_until').notNull(),
    status_code: integer('status_code'),
    content_type: text('content_type'),
    answer: text('answer'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.owner, t.key] }),
    index('idempotent_requests_created_idx').on(t.created_at),
    check('idempotent_requests_state', oneOf(t.state, ['running', 'committed', 'answered'])),
  ],
);
