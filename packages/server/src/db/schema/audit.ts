import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { cases } from './cases';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { implants } from './implants';
import { users } from './users';

// Audit rows are written in the same transaction as the change. The actor is kept twice: the user id
// (null for clients, partners and jobs) and the name as shown, so rows stay readable if a user changes.

// Case audit timeline: changed_values maps field → {old, new} for one edit of the case.
export const case_audit = pgTable(
  'case_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    modified_at: timestamptz('modified_at').notNull().defaultNow(),
    modified_by_id: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    modified_by: text('modified_by').notNull(),
    changed_values: jsonb('changed_values').notNull(),
  },
  (t) => [index('case_audit_case_idx').on(t.case_uid, t.modified_at)],
);

// Implant audit: changed_values for tooth, platform.string, screw.name, bi_axial, engaging.
export const implant_audit = pgTable(
  'implant_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    implant_id: integer('implant_id').references(() => implants.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    modified_at: timestamptz('modified_at').notNull().defaultNow(),
    modified_by_id: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    modified_by: text('modified_by').notNull(),
    changed_values: jsonb('changed_values').notNull(),
  },
  (t) => [
    index('implant_audit_case_idx').on(t.case_uid, t.modified_at),
    check('implant_audit_action_check', oneOf(t.action, ['CREATED', 'UPDATED', 'DELETED'])),
  ],
);

// Delegation audit: every change of a case's delegate (null = delegation cleared).
export const delegation_audit = pgTable(
  'delegation_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    delegated_to_id: integer('delegated_to_id').references(() => users.id, { onDelete: 'set null' }),
    modified_at: timestamptz('modified_at').notNull().defaultNow(),
    modified_by_id: integer('modified_by_id').references(() => users.id, { onDelete: 'set null' }),
    modified_by: text('modified_by').notNull(),
  },
  (t) => [index('delegation_audit_case_idx').on(t.case_uid, t.modified_at)],
);

// Box location audit: each move of a collection's bin location (null location = unallocated).
export const location_audit = pgTable(
  'location_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'cascade' }),
    bin_location: text('bin_location'),
    bin_location_branch_id: integer('bin_location_branch_id').references(() => branches.id, {
      onDelete: 'set null',
    }),
    moved_at: timestamptz('moved_at').notNull().defaultNow(),
    moved_by_id: integer('moved_by_id').references(() => users.id, { onDelete: 'set null' }),
    moved_by: text('moved_by').notNull(),
  },
  (t) => [index('location_audit_collection_idx').on(t.collection_uid, t.moved_at)],
);

// Every other audited change (approvals, files, invoices, outsources, collection fields, reference data,
// users, key regeneration). entity_id is text because entities are keyed by uuid or integer;
// collection_uid/case_uid are set when known so a collection's audit_list is one index scan.
export const audit_events = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    // e.g. created, updated, deleted, approved, cancelled, finalised, blurred, restored, regenerated.
    action: text('action').notNull(),
    collection_uid: uuid('collection_uid').references(() => collections.uid, { onDelete: 'cascade' }),
    case_uid: uuid('case_uid').references(() => cases.uid, { onDelete: 'cascade' }),
    changed_values: jsonb('changed_values')
      .notNull()
      .default(sql`'{}'::jsonb`),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor_reference: text('actor_reference').notNull(),
    // Who acted: an employee, a client through the portal, or a partner through a share key.
    actor_kind: text('actor_kind').notNull().default('staff'),
    // The key a client or partner acted through, as a short hash (`portal:…`, `partner:…`); never the key.
    actor_via: text('actor_via'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('audit_events_actor_kind_check', oneOf(t.actor_kind, ['staff', 'client', 'partner', 'platform'])),
    index('audit_events_entity_idx').on(t.entity_type, t.entity_id, t.created_at),
    index('audit_events_collection_idx').on(t.collection_uid, t.created_at),
    index('audit_events_case_idx').on(t.case_uid),
  ],
);
