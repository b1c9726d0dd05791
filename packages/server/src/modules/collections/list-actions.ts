import { asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  toIso,
  visibleOrderFormData,
  type CatalogueComponent,
  type CollectionAction,
  type CollectionActionAnswer,
  type CollectionActionName,
  type CollectionAudit,
  type OrderForm,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Db, Queryable } from '../../db/client';
import {
  case_audit,
  cases,
  components,
  delegation_audit,
  implant_audit,
  order_forms,
  users,
} from '../../db/schema/index';
import { findLocationAudit, userName } from './collection-queries';
import { loadCollection } from './load-collection';
import { presentLocationAudit } from './present-collection';
import { toggleLocation, toggleVip } from './toggle-actions';
import { regeneratePortalKey } from '../portal/regenerate-portal-key';

// The actions of POST /api/v2/collection/{uid}/, one handler each: the lists here, the toggles in
// toggle-actions.ts. The route has checked that the collection exists.

type ChangedValues = Record<string, unknown>;

type OrderFormRow = { id: number; case_uid: string | null; created_at: Date; json_data: unknown };

/**
 * The one presenter of an order form, for staff, the portal and the partner page alike: the form's fields
 * by name, and json_data without the ordering platform's own keys (its API secret among them).
 */
export const presentOrderForm = (row: OrderFormRow): OrderForm => ({
  id: row.id,
  case_uid: row.case_uid,
  created_at: toIso(row.created_at),
  json_data: visibleOrderFormData(row.json_data as ChangedValues),
});

/** The collection's order forms, newest first, as every answer shows them (presentOrderForm). */
export const listOrderForms = async (db: Queryable, collectionUid: string): Promise<OrderForm[]> => {
  const rows = await db
    .select({
      id: order_forms.id,
      case_uid: order_forms.case_uid,
      created_at: order_forms.created_at,
      json_data: order_forms.json_data,
    })
    .from(order_forms)
    .where(eq(order_forms.collection_uid, collectionUid))
    .orderBy(desc(order_forms.created_at), desc(order_forms.id));
  return rows.map(presentOrderForm);
};

/** The catalogue a component line chooses from, disabled parts included (the web greys them out). */
export const listCatalogueComponents = (
  db: Queryable,
  kind: 'attachment' | 'analog' | 'generic',
): Promise<CatalogueComponent[]> =>
  db
    .select({
      id: components.id,
      code: components.code,
      name: components.name,
      description: components.description,
      component_type: components.component_type,
      is_disabled: components.is_disabled,
    })
    .from(components)
    .where(eq(components.kind, kind))
    .orderBy(asc(components.name), asc(components.id));

const delegates = alias(users, 'delegates');

/** The Audit tab's four lists for every case of the collection, newest first. */
export const listAudit = async (db: Queryable, collectionUid: string): Promise<CollectionAudit> => {
  const caseAudit = await db
    .select({
      case_uid: case_audit.case_uid,
      modified_at: case_audit.modified_at,
      modified_by: case_audit.modified_by,
      changed_values: case_audit.changed_values,
    })
    .from(case_audit)
    .innerJoin(cases, eq(cases.uid, case_audit.case_uid))
    .where(eq(cases.collection_uid, collectionUid))
    .orderBy(desc(case_audit.modified_at), desc(case_audit.id));
  const delegationAudit = await db
    .select({
      case_uid: delegation_audit.case_uid,
      delegated_to_id: delegation_audit.delegated_to_id,
      delegated_to: userName(delegates),
      modified_at: delegation_audit.modified_at,
      modified_by: delegation_audit.modified_by,
    })
    .from(delegation_audit)
    .innerJoin(cases, eq(cases.uid, delegation_audit.case_uid))
    .leftJoin(delegates, eq(delegates.id, delegation_audit.delegated_to_id))
    .where(eq(cases.collection_uid, collectionUid))
    .orderBy(desc(delegation_audit.modified_at), desc(delegation_audit.id));
  const implantAudit = await db
    .select({
      case_uid: implant_audit.case_uid,
      implant_id: implant_audit.implant_id,
      action: implant_audit.action,
      modified_at: implant_audit.modified_at,
      modified_by: implant_audit.modified_by,
      changed_values: implant_audit.changed_values,
    })
    .from(implant_audit)
    .innerJoin(cases, eq(cases.uid, implant_audit.case_uid))
    .where(eq(cases.collection_uid, collectionUid))
    .orderBy(desc(implant_audit.modified_at), desc(implant_audit.id));
  const locationAudit = await findLocationAudit(db, collectionUid);
  return {
    case_audit: caseAudit.map((r) => ({
      ...r,
      modified_at: toIso(r.modified_at),
      changed_values: r.changed_values as ChangedValues,
    })),
    location_audit: locationAudit.map(presentLocationAudit),
    delegation_audit: delegationAudit.map((r) => ({
      ...r,
      // No delegate (cleared) has no name; the SQL concatenation would give ''.
      delegated_to: r.delegated_to_id === null ? null : r.delegated_to,
      modified_at: toIso(r.modified_at),
    })),
    implant_audit: implantAudit.map((r) => ({
      ...r,
      action: r.action as CollectionAudit['implant_audit'][number]['action'],
      modified_at: toIso(r.modified_at),
      changed_values: r.changed_values as ChangedValues,
    })),
  };
};

type ActionContext = { db: Db; collectionUid: string; actor: StaffActor };

const actionHandlers: Record<
  CollectionActionName,
  (context: ActionContext) => Promise<CollectionActionAnswer>
> = {
  order_form_list: ({ db, collectionUid }) => listOrderForms(db, collectionUid),
  attachment_list: ({ db }) => listCatalogueComponents(db, 'attachment'),
  analog_list: ({ db }) => listCatalogueComponents(db, 'analog'),
  generic_component_list: ({ db }) => listCatalogueComponents(db, 'generic'),
  audit_list: ({ db, collectionUid }) => listAudit(db, collectionUid),
  // The toggles answer the collection as GET does, read after their transaction committed.
  toggle_vip: async ({ db, collectionUid, actor }) =>
    loadCollection(db, await toggleVip(db, { rawUid: collectionUid, actor })),
  toggle_location: async ({ db, collectionUid, actor }) =>
    loadCollection(db, await toggleLocation(db, { rawUid: collectionUid, actor })),
  regenerate_portal_key: async ({ db, collectionUid, actor }) =>
    loadCollection(db, await regeneratePortalKey(db, { rawUid: collectionUid, actor })),
};

export const runCollectionAction = (
  context: ActionContext & { body: CollectionAction },
): Promise<CollectionActionAnswer> => actionHandlers[context.body.action](context);
