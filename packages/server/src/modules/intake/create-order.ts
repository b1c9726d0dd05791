import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  checkUploadType,
  implantMessages,
  orderMessages,
  sanitizeFileName,
  type DeskOrder,
  type Order,
  type OrderAnswer,
} from '@lab/domain';
import { actorReference, type PlatformActor, type StaffActor } from '../../auth/actor';
import { newSecret } from '../../auth/secrets';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-state';
import { publishRealtimeEvents } from '../../realtime/events';
import { clients, collections, files, implants, order_forms, platform_orders } from '../../db/schema/index';
import { generateStorageKey } from '../../storage/generate-key';
import { insertNewCase } from '../collections/add-component';
import { contentTypeFor } from '../files/store-file';
import { writeImplantAudits } from '../implants/implant-audit';
import { resolveImplant } from '../implants/resolve-implant';
import { answerKnownOrder } from './order-answer';
import { matchOrderClient } from './order-client';
import { resolveOrderReferences, type ResolvedOrder } from './order-references';

// POST /api/v2/orders/ and the front desk's POST /api/v2/checkin/orders/: the order becomes one
// collection in ONE transaction (client, collection, cases with their checklists and schedules,
// implants, the order form, the files waiting for their bytes), or nothing at all. A platform's order id
// is kept, so the same order sent again answers the same collection; the bytes come afterwards through
// the answer's one-time links. The open Check-in desks hear of it on commit (`order_arrived`).

/** An order as both doors take it: a platform's (with its order id) or the front desk's. */
type IntakeOrder = Omit<DeskOrder, 'ordering_platform'> & {
  ordering_platform?: DeskOrder['ordering_platform'];
};

/** Who sent the order: a platform (its order id kept for the second sending) or the front desk. */
type OrderSource =
  | { kind: 'platform'; actor: PlatformActor; orderId: string; bodySha256: string }
  | { kind: 'desk'; actor: StaffActor };

/** The file names, checked before anything is written; each case claims its own by name. */
const plannedFiles = (order: IntakeOrder) => {
  const fields: Record<string, string> = {};
  const caseOfName = new Map<string, number>();
  order.cases.forEach((orderCase, caseIndex) =>
    orderCase.files.forEach((name, fileIndex) => {
      if (!order.files.some((file) => file.file_name === name)) {
        fields[`cases.${caseIndex}.files.${fileIndex}`] = `Not among the order's files: ${name}`;
      }
      caseOfName.set(name, caseIndex);
    }),
  );
  const planned = order.files.map((file, index) => {
    const filename = sanitizeFileName(file.file_name);
    const refusal = checkUploadType(filename);
    if (refusal) fields[`files.${index}.file_name`] = refusal;
    return { filename, caseIndex: caseOfName.get(file.file_name) ?? null };
  });
  order.cases.forEach((orderCase, caseIndex) => {
    const teeth = new Set<number>();
    orderCase.implants.forEach((implant, implantIndex) => {
      if (teeth.has(implant.tooth))
        fields[`cases.${caseIndex}.implants.${implantIndex}.tooth`] = implantMessages.toothTaken;
      teeth.add(implant.tooth);
    });
  });
  const [firstMessage] = Object.values(fields);
  if (firstMessage !== undefined) throw new AppError('validation_failed', { message: firstMessage, fields });
  return planned;
};

const insertImplants = async (
  tx: Tx,
  options: {
    caseUid: string;
    orderCase: IntakeOrder['cases'][number];
    platformIds: (number | null)[];
    market: { branchId: number; country: string } | null;
    actor: PlatformActor | StaffActor;
    caseIndex: number;
  },
): Promise<void> => {
  const { caseUid, orderCase, platformIds, market, actor } = options;
  const entries = [];
  for (const [index, implant] of orderCase.implants.entries()) {
    const platformId = platformIds[index] ?? null;
    // With a branch, the parts are the platform's defaults in that market, as staff's implants are;
    // without one they are chosen when the branch is (the platform's defaults are then used).
    const values = market
      ? await resolveImplant(tx, market, {
          tooth: implant.tooth,
          platform_id: platformId,
          screw_id: null,
          ti_base_id: null,
          bi_axial: false,
          engaging: false,
        }).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          const path = `cases.${options.caseIndex}.implants.${index}.platform`;
          throw new AppError('validation_failed', {
            message: error.message,
            fields: { [path]: error.message },
          });
        })
      : {
          tooth: implant.tooth,
          platform_id: platformId,
          screw_id: null,
          tibase_id: null,
          biaxial: false,
          engaging: false,
          using_default_screw: platformId !== null,
          using_default_tibase: platformId !== null,
        };
    const [row] = await tx
      .insert(implants)
      .values({ case_uid: caseUid, ...values })
      .returning({ id: implants.id });
    if (!row) throw new Error('implant insert returned no row');
    entries.push({
      caseUid,
      implantId: row.id,
      action: 'CREATED' as const,
      changes: { tooth: { old: null, new: implant.tooth }, platform: { old: null, new: implant.platform } },
      actor,
    });
  }
  await writeImplantAudits(tx, entries);
};

const createCollection = async (
  tx: Tx,
  options: { order: IntakeOrder; resolved: ResolvedOrder; source: OrderSource; now: Date },
) => {
  const { order, resolved, source, now } = options;
  const { actor } = source;
  // The platform that sent it; the front desk says where the clinic placed it (a phoned-in order: OEP).
  const platform = source.kind === 'platform' ? source.actor.platform : (order.ordering_platform ?? 'oep');
  const planned = plannedFiles(order);
  const client = await matchOrderClient(tx, order.client, actor);
  const [collection] = await tx
    .insert(collections)
    .values({
      patient_reference: order.patient_reference,
      shipping_client_id: client.id,
      ordering_platform: platform,
      fulfillment_branch_id: resolved.branchId,
      portal_key: newSecret(),
      added: now,
    })
    .returning({ uid: collections.uid, collection_id: collections.collection_id });
  if (!collection) throw new Error('collection insert returned no row');
  const [country] = await tx
    .select({ country: clients.country })
    .from(clients)
    .where(eq(clients.id, client.id))
    .limit(1);
  const market =
    resolved.branchId === null || !country ? null : { branchId: resolved.branchId, country: country.country };

  const caseUids: string[] = [];
  for (const [caseIndex, orderCase] of order.cases.entries()) {
    const jobType = resolved.jobTypes[caseIndex];
    if (!jobType) throw new Error('a case without its resolved job type');
    const created = await insertNewCase(tx, {
      collection,
      jobType,
      status: resolved.orderedStatus,
      dentate: orderCase.dentate,
      datePromised: null,
      actor,
      now,
    });
    caseUids.push(created.uid);
    await insertImplants(tx, {
      caseUid: created.uid,
      orderCase,
      platformIds: resolved.platformIds[caseIndex] ?? [],
      market,
      actor,
      caseIndex,
    });
  }
  await tx.insert(order_forms).values({
    collection_uid: collection.uid,
    json_data: { ...order.order_form, teeth: order.cases.map((c) => c.teeth) },
    source_platform: source.kind === 'platform' ? platform : null,
    source_reference: source.kind === 'platform' ? source.orderId : null,
  });
  if (planned.length > 0) {
    await tx.insert(files).values(
      planned.map(({ filename, caseIndex }) => ({
        storage_key: generateStorageKey(),
        filename,
        content_type: contentTypeFor(filename),
        file_category: caseIndex === null ? 'collection_file' : 'order_file',
        collection_uid: collection.uid,
        case_uid: caseIndex === null ? null : (caseUids[caseIndex] ?? null),
        uploaded_by_reference: actorReference(actor),
        upload_state: 'pending',
        added: now,
      })),
    );
  }
  const summary = {
    client: client.name,
    client_created: client.created,
    cases: order.cases.length,
    files: planned.length,
  };
  if (source.kind === 'platform') {
    const [received] = await tx
      .insert(platform_orders)
      .values({
        platform: source.actor.platform,
        order_id: source.orderId,
        body_sha256: source.bodySha256,
        collection_uid: collection.uid,
        key_id: source.actor.keyId,
      })
      .returning({ id: platform_orders.id });
    if (!received) throw new Error('platform order insert returned no row');
    await writeAuditEvent(tx, {
      entity: 'order',
      entityId: received.id,
      action: 'received',
      collectionUid: collection.uid,
      caseUid: null,
      changes: { order_id: source.orderId, ...summary },
      actor,
    });
  } else {
    await writeAuditEvent(tx, {
      entity: 'collection',
      entityId: collection.collection_id,
      action: 'created_at_desk',
      collectionUid: collection.uid,
      caseUid: null,
      changes: { patient_reference: order.patient_reference, ...summary },
      actor,
    });
  }
  await publishRealtimeEvents(tx, [
    { type: 'order_arrived', uid: collection.uid, branch_id: resolved.branchId },
  ]);
  return { collectionUid: collection.uid };
};

const findKnownOrder = async (tx: Queryable, platform: string, orderId: string) => {
  const [row] = await tx
    .select({ collection_uid: platform_orders.collection_uid, body_sha256: platform_orders.body_sha256 })
    .from(platform_orders)
    .where(and(eq(platform_orders.platform, platform), eq(platform_orders.order_id, orderId)))
    .limit(1);
  return row ?? null;
};

/** The collection of an order id already received: the same body answers it, another is refused. */
const answerAgain = async (
  db: Db,
  known: { collection_uid: string; body_sha256: string },
  bodySha256: string,
  linkTtlMinutes: number,
): Promise<OrderAnswer> => {
  if (known.body_sha256 !== bodySha256)
    throw new AppError('conflict', { message: orderMessages.orderChanged });
  return inTransaction(db, (tx) =>
    answerKnownOrder(tx, { collectionUid: known.collection_uid, created: false, linkTtlMinutes }),
  );
};

export const receiveOrder = async (
  db: Db,
  options: { order: Order; rawBody: Buffer; actor: PlatformActor; linkTtlMinutes: number; now?: Date },
): Promise<OrderAnswer> => {
  const { order, actor, linkTtlMinutes } = options;
  const bodySha256 = createHash('sha256').update(options.rawBody).digest('hex');
  const known = await findKnownOrder(db, actor.platform, order.order_id);
  if (known) return answerAgain(db, known, bodySha256, linkTtlMinutes);
  try {
    return await inTransaction(db, async (tx) => {
      const resolved = await resolveOrderReferences(tx, order);
      const created = await createCollection(tx, {
        order,
        resolved,
        source: { kind: 'platform', actor, orderId: order.order_id, bodySha256 },
        now: options.now ?? new Date(),
      });
      return answerKnownOrder(tx, {
        collectionUid: created.collectionUid,
        created: true,
        linkTtlMinutes,
      });
    });
  } catch (error) {
    // The same order sent twice at once: the other sending committed first, and is the answer.
    if (!isUniqueViolation(error)) throw error;
    const twin = await findKnownOrder(db, actor.platform, order.order_id);
    if (!twin) throw error;
    return answerAgain(db, twin, bodySha256, linkTtlMinutes);
  }
};

/** The front desk's New Order: the same collection a platform's order makes, by the employee. */
export const receiveDeskOrder = (
  db: Db,
  options: { order: DeskOrder; actor: StaffActor; linkTtlMinutes: number; now?: Date },
): Promise<OrderAnswer> =>
  inTransaction(db, async (tx) => {
    const resolved = await resolveOrderReferences(tx, options.order);
    const created = await createCollection(tx, {
      order: options.order,
      resolved,
      source: { kind: 'desk', actor: options.actor },
      now: options.now ?? new Date(),
    });
    return answerKnownOrder(tx, {
      collectionUid: created.collectionUid,
      created: true,
      linkTtlMinutes: options.linkTtlMinutes,
    });
  });
