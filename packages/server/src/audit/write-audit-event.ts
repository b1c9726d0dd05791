import { actorReference, actorUserId, actorVia, type Actor } from '../auth/actor';
import type { Tx } from '../db/client';
import { audit_events } from '../db/schema/index';
import { publishCasesChanged, publishCollectionChanged } from '../realtime/events';

// The one writer of audit_events rows: every module records its changes here, inside the transaction of
// the change, so each row says the same things in the same shape — what (entity, id, action), where
// (collection, case), the changed values, and who acted through which key. A row that names a collection
// (or a case) also marks it changed, so open pages hear of every audited change (one event per
// collection per transaction, sent on commit) without each write remembering to publish.

/**
 * Work finished later for someone who acted earlier (a one-time upload link completing the upload an
 * employee asked for): recorded under that person's id and name.
 */
export type OnBehalfActor = { kind: 'on_behalf'; userId: number | null; reference: string };
export type AuditActor = Actor | OnBehalfActor;

/** The actions each audited entity records; a new kind of change is one more member here. */
export type AuditActions = {
  // created_at_desk: the front desk's New Order (a platform's order is an `order` row).
  collection: 'updated' | 'portal_key_regenerated' | 'created_at_desk';
  approval:
    | 'created'
    | 'approved'
    | 'cancelled'
    | 'changes_requested'
    | 'reminders_cancelled'
    | 'files_added'
    | 'file_deleted';
  message: 'created' | 'resolved';
  // Staff add the e-mail addresses and mobile numbers a client is known by (Add Identification dialog).
  client: 'identification_added' | 'created_from_order';
  file: 'uploaded' | 'deleted' | 'blurred' | 'restored' | 'registered';
  // Raised when a case is dispatched; options, PO and splits update it; finalise and manual invoicing close it.
  invoice: 'created' | 'updated' | 'split' | 'finalised' | 'manually_invoiced' | 'paid';
  // The Accounts page's price list (a row of price_list) and a job type's default price.
  price: 'set' | 'removed';
  job_type: 'price_set';
  // Staff send cases of a collection with a courier (New Dispatch); the cases move to Dispatched.
  dispatch: 'created';
  // The Accounts page's couriers: their names, tracking links and freight rates per branch.
  courier: 'created' | 'updated' | 'rate_set';
  // Staff plan, start and end jobs and queue file copies; the partner marks a job completed on its share
  // page (staff then review it); staff ask an integrated partner (EVIDENT) for a redo, and it delivers its
  // results itself.
  outsource:
    | 'planned'
    | 'started'
    | 'ended'
    | 'upload_queued'
    | 'marked_completed'
    | 'redo_requested'
    | 'results_received';
  // A QC step of a case ticked Done or Not Required, or cleared again.
  checklist_item: 'checked' | 'unchecked';
  // The admin's checklist templates; a deactivated one is copied onto no new case.
  checklist_template: 'created' | 'updated' | 'deactivated';
  // The admin's printers of each branch (print jobs are their own record: print_jobs).
  printer: 'created' | 'updated' | 'deleted';
  // A machining project programmed from cases in production, moved on the machine calendar, or moved
  // through Programming → Make Ready → Complete.
  machine_project: 'created' | 'moved' | 'status_changed';
  // The warehouse books a delivery in, writes parts off or moves their shelf; a picked slip takes its parts;
  // Gauge MRP receives a delivery with its lot, or writes parts off with a reason.
  component_stock: 'adjusted' | 'picked' | 'received' | 'written_off';
  // The warehouse picked a case's picking slip (lot numbers recorded, parts out of stock).
  picking_slip: 'picked';
  // The admin's signing keys of the ordering platforms.
  platform_key: 'created' | 'revoked';
  // The scans pre-flight asks of a job type, as the admin set them.
  job_type_required_scans: 'updated';
  // An ordering platform's order, received as a new collection (its cases have their own audit rows).
  order: 'received';
  // The Customer Service desk's marks on an inbox item (`message:…`, `approval:…`, `due:…`, `request:…`).
  customer_service_item: 'assigned' | 'done';
  // Gauge MRP told every client whose patient received a recalled lot (one message per collection).
  recall: 'notified';
  // A scan-gauge kit lent to a client, or back in the lab (Gauge MRP).
  kit: 'lent' | 'returned';
  // The admin's name for a status as clients see it on the portal (null: the status's own name).
  status: 'client_name_set';
};
export type AuditEntity = keyof AuditActions;

export type AuditEvent<Entity extends AuditEntity> = {
  entity: Entity;
  entityId: string | number;
  action: AuditActions[Entity];
  collectionUid: string | null;
  caseUid: string | null;
  changes: Record<string, unknown>;
  actor: AuditActor;
  /** The change's own clock, so its rows and stamps agree; the database's now() otherwise. */
  at?: Date;
};

/** The actor columns every audit row carries (also for the tables with their own shape). */
export const auditActorColumns = (actor: AuditActor) =>
  actor.kind === 'on_behalf'
    ? { actor_user_id: actor.userId, actor_reference: actor.reference, actor_kind: 'staff', actor_via: null }
    : {
        actor_user_id: actorUserId(actor),
        actor_reference: actorReference(actor),
        actor_kind: actor.kind,
        actor_via: actorVia(actor),
      };

export const writeAuditEvent = async <Entity extends AuditEntity>(
  tx: Tx,
  event: AuditEvent<Entity>,
): Promise<void> => {
  await tx.insert(audit_events).values({
    entity_type: event.entity,
    entity_id: String(event.entityId),
    action: event.action,
    collection_uid: event.collectionUid,
    case_uid: event.caseUid,
    changed_values: event.changes,
    ...auditActorColumns(event.actor),
    ...(event.at ? { created_at: event.at } : {}),
  });
  if (event.collectionUid) await publishCollectionChanged(tx, event.collectionUid);
  else if (event.caseUid) await publishCasesChanged(tx, [event.caseUid]);
};
