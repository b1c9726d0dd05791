import { orderingPlatforms } from '@lab/domain';

import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { kits } from './catalogue';
import { clients } from './clients';
import { oneOf, timestamptz, trigramIndex } from './columns';
import { order_stages } from './reference';
import { users } from './users';

// One order for one patient, placed by a shipping client; its cases are the components. Active/Archived
// is derived from its cases (any case active), never stored here.
export const collections = pgTable(
  'collections',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    // The human case number staff quote (100000, 100001, …); case_mkey is built from it.
    collection_id: integer('collection_id')
      .notNull()
      .unique()
      .generatedAlwaysAsIdentity({ startWith: 100000 }),
    patient_reference: text('patient_reference').notNull(),
    vip: boolean('vip').notNull().default(false),
    shipping_client_id: integer('shipping_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    // Null = the shipping client pays.
    billing_client_id: integer('billing_client_id').references(() => clients.id, { onDelete: 'restrict' }),
    ordering_platform: text('ordering_platform').notNull().default('oep'),
    // Null until a branch is chosen; implants, invoicing and scheduling need it.
    fulfillment_branch_id: integer('fulfillment_branch_id').references(() => branches.id, {
      onDelete: 'restrict',
    }),
    order_stage_id: integer('order_stage_id').references(() => order_stages.id, { onDelete: 'set null' }),
    // Capability key of the customer portal (≥128 random bits, base64url, made by the server; regenerating
    // it revokes the old link). Stored as is because the portal link card shows it.
    portal_key: text('portal_key').notNull().unique(),
    // Which local file share layout the folder helpers use (cases share vs current-cases share).
    new_folder_structure: boolean('new_folder_structure').notNull().default(true),
    // The order's parts are allocated a physical box; bin_location is that box at bin_location_branch.
    location_required: boolean('location_required').notNull().default(false),
    bin_location: text('bin_location'),
    bin_location_branch_id: integer('bin_location_branch_id').references(() => branches.id, {
      onDelete: 'set null',
    }),
    folder_path: text('folder_path'),
    // Set while a file operation runs on the collection (GET /api/v2/event/{uid}/ answers locked until then).
    file_lock_until: timestamptz('file_lock_until'),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    added: timestamptz('added').notNull().defaultNow(),
    // Bumped on every change to the collection or its cases: ETags and collection-changed events use it.
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    trigramIndex('collections_patient_reference_trgm', t.patient_reference),
    // With collection_id, a client's newest collections are an index range (search, client page).
    index('collections_shipping_client_idx').on(t.shipping_client_id, t.collection_id),
    index('collections_billing_client_idx').on(t.billing_client_id),
    index('collections_fulfillment_branch_idx').on(t.fulfillment_branch_id),
    check('collections_ordering_platform_check', oneOf(t.ordering_platform, orderingPlatforms)),
  ],
);

// A pricing kit billed on the collection for one arch (kit_dentate_name UPPER or LOWER).
export const collection_pricing_kits = pgTable(
  'collection_pricing_kits',
  {
    kit_collection_id: integer('kit_collection_id').primaryKey().generatedAlwaysAsIdentity(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'cascade' }),
    kit_id: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'restrict' }),
    dentate: text('dentate').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('collection_pricing_kits_collection_idx').on(t.collection_uid),
    check('collection_pricing_kits_dentate_check', oneOf(t.dentate, ['UPPER', 'LOWER'])),
  ],
);

// A client referring another practice. referree_identification is the e-mail or mobile given; the referred
// client is linked once known. Status: Accepted (accepted_at), Canceled (canceled_at), else Pending.
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    referrer_client_id: integer('referrer_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    referree_identification: text('referree_identification').notNull(),
    referree_client_id: integer('referree_client_id').references(() => clients.id, { onDelete: 'set null' }),
    accepted_at: timestamptz('accepted_at'),
    canceled_at: timestamptz('canceled_at'),
    // The order the referral came with, if any.
    collection_uid: uuid('collection_uid').references(() => collections.uid, { onDelete: 'set null' }),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrer_client_id),
    index('referrals_referree_idx').on(t.referree_client_id),
    index('referrals_collection_idx').on(t.collection_uid),
  ],
);
