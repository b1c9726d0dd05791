import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { money, oneOf, timestamptz, trigramIndex } from './columns';
import { users } from './users';

// A dental practice that orders (shipping client) or pays (billing client). id is internal (foreign keys);
// client_id is the human "Client ID" staff type into search and see on the client page.
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    client_id: integer('client_id').notNull().unique().generatedAlwaysAsIdentity({ startWith: 10000 }),
    name: text('name').notNull(),
    // ISO 3166-1 alpha-2; picks the implant catalogue, currency and file region.
    country: text('country').notNull(),
    account_number: text('account_number'),
    email: text('email'),
    mobile: text('mobile'),
    // Cash customers are never auto invoiced (manual invoicing required).
    is_cash_customer: boolean('is_cash_customer').notNull().default(false),
    credit_limit: money('credit_limit'),
    invoice_email: text('invoice_email'),
    // Shipping address, copied onto a dispatch when it is made.
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    is_active: boolean('is_active').notNull().default(true),
    // Created by an order whose client matched no account number or e-mail: the lab checks it is new.
    needs_review: boolean('needs_review').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    trigramIndex('clients_name_trgm', t.name),
    // Search ranks the names with the fewest trigrams first (the most similar ones are among them).
    index('clients_name_trigram_count').on(sql`array_length(show_trgm(${t.name}), 1)`),
    index('clients_country_idx').on(t.country),
    check('clients_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

// Extra e-mail addresses and mobile numbers a client is known by (Add Identification dialog); referrals
// and inbound mail are matched against them. Mobiles are stored in international (E.164) form.
export const client_identifications = pgTable(
  'client_identifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    client_id: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('client_identifications_client_value_key').on(t.client_id, t.kind, t.value),
    index('client_identifications_value_idx').on(t.value),
    check('client_identifications_kind_check', oneOf(t.kind, ['EMAIL', 'MOBILE'])),
  ],
);
