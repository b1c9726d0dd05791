import { dentates, redoCharges, redoReasonCodes, redoTypes } from '@lab/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { components, kits } from './catalogue';
import { collections } from './collections';
import { oneOf, timestamptz } from './columns';
import { machine_projects } from './production';
import { job_types, material_types, materials, statuses } from './reference';
import { users } from './users';

// A case (component of a collection): one job type made for one arch or set of teeth.
export const cases = pgTable(
  'cases',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    // Legacy numeric id used in /api/v2/case/{case_id}/.
    case_id: integer('case_id').notNull().unique().generatedAlwaysAsIdentity(),
    // "{collection_id}-{NN}" with NN = ordinal zero-padded to 2; what staff read and search.
    case_mkey: text('case_mkey').notNull().unique(),
    ordinal: smallint('ordinal').notNull(),
    collection_uid: uuid('collection_uid')
      .notNull()
      .references(() => collections.uid, { onDelete: 'cascade' }),
    job_type_id: integer('job_type_id')
      .notNull()
      .references(() => job_types.id, { onDelete: 'restrict' }),
    status_id: integer('status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'restrict' }),
    // Derived by the server from the status parent on every status change; exactly one is true.
    ordered: boolean('ordered').notNull().default(false),
    in_design: boolean('in_design').notNull().default(false),
    in_production: boolean('in_production').notNull().default(false),
    in_lab: boolean('in_lab').notNull().default(false),
    dispatched: boolean('dispatched').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    // Generated so it can never disagree with the flags; the active-collection queries index it.
    active: boolean('active').generatedAlwaysAs(sql`NOT dispatched AND NOT cancelled`),
    // From the status parent (ORDERED→ADMIN, …); null once dispatched or cancelled.
    department: text('department'),
    redo_type: text('redo_type'),
    redo_of_case_uid: uuid('redo_of_case_uid').references((): AnyPgColumn => cases.uid, {
      onDelete: 'set null',
    }),
    redo_reason: text('redo_reason'),
    redo_charge: text('redo_charge'),
    // Percent off when redo_charge = discount.
    redo_discount_amount: numeric('redo_discount_amount', { precision: 5, scale: 2 }),
    redo_new_screws_required: boolean('redo_new_screws_required').notNull().default(false),
    // Copied from the job type at creation so later job-type edits do not change open cases.
    virtual_product: boolean('virtual_product').notNull().default(false),
    requires_return_file: boolean('requires_return_file').notNull().default(false),
    // When the physical parts/impressions arrived at the lab; set once by the Received action.
    date_received: timestamptz('date_received'),
    // Rush deadline; null = no immediacy running.
    immediacy_due: timestamptz('immediacy_due'),
    added: timestamptz('added').notNull().defaultNow(),
    created_by_id: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // Cases of one collection with the same number ship together (grouped dispatch-ready).
    group_number: integer('group_number'),
    delegated_to_id: integer('delegated_to_id').references(() => users.id, { onDelete: 'set null' }),
    delegated_at: timestamptz('delegated_at'),
    delegated_by_id: integer('delegated_by_id').references(() => users.id, { onDelete: 'set null' }),
    tracking_number: text('tracking_number'),
    warranty_void: boolean('warranty_void').notNull().default(false),
    material_type_id: integer('material_type_id').references(() => material_types.id, {
      onDelete: 'restrict',
    }),
    material_id: integer('material_id').references(() => materials.id, { onDelete: 'restrict' }),
    material_batch_number: text('material_batch_number'),
    material_thickness: numeric('material_thickness', { precision: 6, scale: 2 }),
    // Null = not chosen yet; the dentate tabs then fall back on the implants' teeth.
    dentate: text('dentate'),
    // The 'none matches' choice (id 0 on the wire) is stored as a null kit plus the typed scan_gauge_name.
    scan_gauge_kit_id: integer('scan_gauge_kit_id').references(() => kits.id, { onDelete: 'restrict' }),
    scan_gauge_name: text('scan_gauge_name'),
    machine_project_id: integer('machine_project_id').references(() => machine_projects.id, {
      onDelete: 'set null',
    }),
    // Who completed each stage, stamped with the date_*_complete fields.
    check_in_user_id: integer('check_in_user_id').references(() => users.id, { onDelete: 'set null' }),
    metrology_user_id: integer('metrology_user_id').references(() => users.id, { onDelete: 'set null' }),
    design_user_id: integer('design_user_id').references(() => users.id, { onDelete: 'set null' }),
    machine_user_id: integer('machine_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Schedule: start S and customer due P are inputs; the *_due fields, internal_due and buffer are the
    // stored result of the schedule maths, recomputed on every change that affects it.
    schedule_start: timestamptz('schedule_start'),
    date_promised: timestamptz('date_promised'),
    // P actually used: date_promised, else S + the job type's standard turnaround.
    customer_due: timestamptz('customer_due'),
    metrology_due: timestamptz('metrology_due'),
    date_metrology_complete: timestamptz('date_metrology_complete'),
    design_due: timestamptz('design_due'),
    date_design_complete: timestamptz('date_design_complete'),
    date_approval_complete: timestamptz('date_approval_complete'),
    machining_due: timestamptz('machining_due'),
    date_machining_complete: timestamptz('date_machining_complete'),
    dispatch_due: timestamptz('dispatch_due'),
    internal_due: timestamptz('internal_due'),
    date_dispatched: timestamptz('date_dispatched'),
    // Business seconds the case waited on the client; absorbed by the design stage.
    customer_delay_seconds: integer('customer_delay_seconds').notNull().default(0),
    // bh(internal_due, customer_due); negative = the customer will get it late.
    buffer_time_seconds: integer('buffer_time_seconds'),
    override_design_seconds: integer('override_design_seconds'),
    override_machining_seconds: integer('override_machining_seconds'),
    folder_path: text('folder_path'),
    // Results of design automation runs: [{type, payload}], e.g. nexus_connect with nc_session_id (export).
    automation_results: jsonb('automation_results')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('cases_collection_ordinal_key').on(t.collection_uid, t.ordinal),
    // A recall by material batch (Gauge MRP) finds its cases through this.
    index('cases_material_batch_idx')
      .on(sql`lower(${t.material_batch_number})`)
      .where(sql`material_batch_number IS NOT NULL`),
    index('cases_active_collection_idx')
      .on(t.collection_uid)
      .where(sql`active`),
    // Search matches case keys by prefix only ('100123-0'): a btree range, cheaper to keep than trigrams.
    index('cases_case_mkey_prefix').on(t.case_mkey.op('text_pattern_ops')),
    index('cases_department_due_idx')
      .on(t.department, t.internal_due)
      .where(sql`active`),
    index('cases_status_idx').on(t.status_id),
    index('cases_delegated_to_idx')
      .on(t.delegated_to_id)
      .where(sql`active`),
    index('cases_machine_project_idx').on(t.machine_project_id),
    index('cases_redo_of_idx').on(t.redo_of_case_uid),
    check('cases_ordinal_check', sql`${t.ordinal} >= 1`),
    check(
      'cases_one_flag_check',
      sql`${t.ordered}::int + ${t.in_design}::int + ${t.in_production}::int + ${t.in_lab}::int + ${t.dispatched}::int + ${t.cancelled}::int = 1`,
    ),
    check(
      'cases_department_check',
      sql`${t.department} IS NULL OR ${oneOf(t.department, ['ADMIN', 'DESIGN', 'MACHINING', 'POLISHING'])}`,
    ),
    check('cases_redo_type_check', sql`${t.redo_type} IS NULL OR ${oneOf(t.redo_type, redoTypes)}`),
    check(
      'cases_redo_reason_check',
      sql`${t.redo_reason} IS NULL OR ${oneOf(t.redo_reason, redoReasonCodes)}`,
    ),
    check('cases_redo_charge_check', sql`${t.redo_charge} IS NULL OR ${oneOf(t.redo_charge, redoCharges)}`),
    check(
      'cases_redo_discount_check',
      sql`${t.redo_discount_amount} IS NULL OR (${t.redo_discount_amount} >= 0 AND ${t.redo_discount_amount} <= 100)`,
    ),
    check('cases_dentate_check', sql`${t.dentate} IS NULL OR ${oneOf(t.dentate, dentates)}`),
    check('cases_redo_self_check', sql`${t.redo_of_case_uid} IS NULL OR ${t.redo_of_case_uid} <> ${t.uid}`),
  ],
);

// The client's own gauge kits that arrived with the case.
export const case_client_gauge_kits = pgTable(
  'case_client_gauge_kits',
  {
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    kit_id: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.case_uid, t.kit_id] }),
    index('case_client_gauge_kits_kit_idx').on(t.kit_id),
  ],
);

// Attachments, analogs and generic components requested on a case; they feed pick lists and invoices.
export const case_component_lines = pgTable(
  'case_component_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    component_id: integer('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('case_component_lines_case_idx').on(t.case_uid, t.kind),
    index('case_component_lines_component_idx').on(t.component_id),
    check('case_component_lines_kind_check', oneOf(t.kind, ['attachment', 'analog', 'generic'])),
    check('case_component_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

// Cases staff linked as related (e.g. across collections of one patient). The service writes both
// directions so either case lists the other with one index scan.
export const related_cases = pgTable(
  'related_cases',
  {
    case_uid: uuid('case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    related_case_uid: uuid('related_case_uid')
      .notNull()
      .references(() => cases.uid, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.case_uid, t.related_case_uid] }),
    index('related_cases_related_idx').on(t.related_case_uid),
    check('related_cases_self_check', sql`${t.case_uid} <> ${t.related_case_uid}`),
  ],
);
