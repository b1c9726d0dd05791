import { AppError, dispatchMessages, fieldError, type NewDispatch, type ShippingAddress } from '@lab/domain';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Tx } from '../../db/client';
import { dispatch_cases, dispatches } from '../../db/schema/index';
import { enqueueJob } from '../../jobs/enqueue-job';
import { jobNames } from '../../jobs/job-names';
import { assertChecklistsComplete } from '../checklists/checklist-gate';
import {
  findStatusOfParent,
  planStatusChange,
  recordChange,
  saveCaseChanges,
  type ActionCase,
  type CaseEvents,
  type StatusRecord,
} from '../cases/kernel';
import { findCourier } from './find-couriers';
import { loadDispatchCases, lockDispatchCollection } from './load-dispatch-cases';

// POST /api/v2/collection/{uid}/dispatches/ (collection-views §2 'Dispatches view'): the chosen
// dispatch-ready cases leave with a courier. One transaction records the dispatch, moves every case to
// Dispatched through the cases kernel (flags, department, date_dispatched, tracking_number, schedule,
// case audit; saveCaseChanges also bumps the collection and tells its open pages), writes the dispatch's
// audit event and queues the client's e-mail.

const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;

/** The address as stored on the dispatch: every field present, empty ones null. */
const addressOf = (input: NewDispatch['shipping_address']): ShippingAddress => ({
  address_line_1: blankToNull(input?.address_line_1),
  address_line_2: blankToNull(input?.address_line_2),
  suburb: blankToNull(input?.suburb),
  state: blankToNull(input?.state),
  postcode: blankToNull(input?.postcode),
  country: blankToNull(input?.country),
});

const moveToDispatched = async (
  tx: Tx,
  options: {
    actionCase: ActionCase;
    to: StatusRecord;
    actor: StaffActor;
    now: Date;
    courier: string;
    trackingReference: string;
    events: CaseEvents;
  },
): Promise<void> => {
  const { actionCase, actor, now, trackingReference, events } = options;
  // A dispatch-ready case is in the lab, so no machine project can hold the move back.
  const { set, changes } = await planStatusChange(tx, {
    actionCase,
    to: options.to,
    actor,
    now,
    force: false,
    events,
  });
  set.tracking_number = trackingReference;
  recordChange(changes, 'tracking_number', actionCase.row.tracking_number, trackingReference);
  recordChange(changes, 'courier', null, options.courier);
  await saveCaseChanges(tx, { actionCase, actor, now, set, changes, recompute: true });
};

/** Makes the dispatch; answers the collection's uid (the route answers the collection after commit). */
export const createDispatch = async (
  db: Db,
  options: { rawUid: string; body: NewDispatch; actor: StaffActor; events: CaseEvents },
): Promise<string> => {
  const { body, actor, events } = options;
  const trackingReference = body.tracking_reference?.trim() ?? '';
  const shippingAddress = addressOf(body.shipping_address);
  return inTransaction(db, async (tx) => {
    const now = new Date();
    const collection = await lockDispatchCollection(tx, options.rawUid);
    const courier = body.courier_id == null ? null : await findCourier(tx, body.courier_id);
    if (!courier) throw fieldError('courier_id', dispatchMessages.unknownCourier);
    const actionCases = await loadDispatchCases(tx, collection, body.case_uids ?? []);
    const caseUids = actionCases.map((c) => c.row.uid);
    await assertChecklistsComplete(tx, caseUids);
    const dispatched = await findStatusOfParent(tx, 'DISPATCHED', 'Dispatched');
    if (!dispatched) throw new AppError('conflict', { message: dispatchMessages.noDispatchedStatus });

    const [dispatch] = await tx
      .insert(dispatches)
      .values({
        collection_uid: collection.uid,
        branch_id: collection.fulfillment_branch_id,
        courier: courier.name,
        tracking_reference: trackingReference,
        shipping_address: shippingAddress,
        dispatched_at: now,
        dispatched_by_id: actor.id,
      })
      .returning({ id: dispatches.id, uid: dispatches.uid });
    if (!dispatch) throw new Error('the dispatch was not stored');
    await tx
      .insert(dispatch_cases)
      .values(caseUids.map((uid) => ({ dispatch_id: dispatch.id, case_uid: uid })));

    for (const actionCase of actionCases) {
      await moveToDispatched(tx, {
        actionCase,
        to: dispatched,
        actor,
        now,
        courier: courier.name,
        trackingReference,
        events,
      });
    }
    await writeAuditEvent(tx, {
      entity: 'dispatch',
      entityId: dispatch.uid,
      action: 'created',
      collectionUid: collection.uid,
      caseUid: null,
      changes: {
        courier: courier.name,
        tracking_reference: trackingReference,
        shipping_address: shippingAddress,
        cases: actionCases.map((c) => c.row.case_mkey),
      },
      actor,
      at: now,
    });
    await enqueueJob(tx, jobNames.dispatchEmail, { dispatch_uid: dispatch.uid });
    return collection.uid;
  });
};
