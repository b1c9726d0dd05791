import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * What the Customer Service desk set on an inbox item (issue 30): who looks after it, and when it was
 * marked done without the event that ends it by itself (a message that needs no reply; a client told
 * of a moved due, kept with the due they were told of, so a later move lists the case again). The items
 * themselves are not stored: they are read from messages, approvals and cases, keyed `kind:uid`.
 */
export const customer_service_items = pgTable(
  'customer_service_items',
  {
    item_key: text('item_key').primaryKey(),
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assigned_at: timestamptz('assigned_at'),
    done_at: timestamptz('done_at'),
    done_by_id: integer('done_by_id').references(() => users.id, { onDelete: 'set null' }),
    // For `due:` items: the lab's finish the client was told of.
    told_internal_due: timestamptz('told_internal_due'),
  },
  (t) => [check('customer_service_items_key_check', sql`${t.item_key} ~ '^(message|approval|due|request):'`)],
);
