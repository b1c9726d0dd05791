import { asc, eq, sql } from 'drizzle-orm';
import {
  AppError,
  courierAdminMessages,
  type CourierAdmin,
  type courierPatchSchema,
  type courierRateSchema,
  type newCourierSchema,
} from '@lab/domain';
import type { z } from 'zod';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, selectRows, type Db, type Queryable, type Tx } from '../../db/client';
import { branches, courier_rates, couriers } from '../../db/schema/index';
import { publishReferenceChanged } from '../../realtime/events';

// The couriers an administrator keeps on the Accounts page (issue 32): add one, rename it, change its
// tracking link, retire it (dispatches no longer offer it), and set what it charges from each branch.
// Each change is audited and tells every open New Dispatch dialog's courier list.

type RateRow = { courier_id: number; branch_id: number; branch: string; freight: string };

export const listCourierAdmin = async (q: Queryable): Promise<CourierAdmin[]> => {
  const rows = await q
    .select({
      id: couriers.id,
      name: couriers.name,
      tracking_url_template: couriers.tracking_url_template,
      is_active: couriers.is_active,
    })
    .from(couriers)
    .orderBy(asc(couriers.sort), asc(couriers.name));
  const rates = await selectRows<RateRow>(
    q,
    sql`SELECT r.courier_id, r.branch_id, b.name AS branch, r.freight::text AS freight
        FROM courier_rates r JOIN branches b ON b.id = r.branch_id ORDER BY b.id`,
  );
  return rows.map((row) => ({
    ...row,
    rates: rates
      .filter((rate) => Number(rate.courier_id) === row.id)
      .map((rate) => ({ branch_id: Number(rate.branch_id), branch: rate.branch, freight: rate.freight })),
  }));
};

const answerOne = async (tx: Tx, id: number): Promise<CourierAdmin> => {
  const found = (await listCourierAdmin(tx)).find((courier) => courier.id === id);
  if (!found) throw new AppError('not_found', { message: courierAdminMessages.unknownCourier });
  return found;
};

const lockCourier = async (tx: Tx, id: number) => {
  const [row] = await tx.select().from(couriers).where(eq(couriers.id, id)).for('update');
  if (!row) throw new AppError('not_found', { message: courierAdminMessages.unknownCourier });
  return row;
};

const assertNameFree = async (tx: Tx, name: string, exceptId: number | null) => {
  const [taken] = await selectRows<{ id: number }>(
    tx,
    sql`SELECT id FROM couriers WHERE lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`,
  );
  if (taken) throw new AppError('conflict', { message: courierAdminMessages.nameTaken });
};

export const createCourier = (
  db: Db,
  input: { body: z.output<typeof newCourierSchema>; actor: StaffActor },
): Promise<CourierAdmin> =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`LOCK TABLE couriers IN SHARE ROW EXCLUSIVE MODE`);
    await assertNameFree(tx, input.body.name, null);
    const [last] = await selectRows<{ sort: number }>(
      tx,
      sql`SELECT coalesce(max(sort), 0) AS sort FROM couriers`,
    );
    const [row] = await tx
      .insert(couriers)
      .values({ ...input.body, sort: Number(last?.sort ?? 0) + 1 })
      .returning({ id: couriers.id });
    if (!row) throw new Error('the courier was not stored');
    await writeAuditEvent(tx, {
      entity: 'courier',
      entityId: row.id,
      action: 'created',
      collectionUid: null,
      caseUid: null,
      changes: { ...input.body },
      actor: input.actor,
    });
    await publishReferenceChanged(tx, 'couriers');
    return answerOne(tx, row.id);
  });

export const updateCourier = (
  db: Db,
  input: { id: number; body: z.output<typeof courierPatchSchema>; actor: StaffActor },
): Promise<CourierAdmin> =>
  inTransaction(db, async (tx) => {
    // A new name is checked under the lock createCourier takes: two renames (or a rename and a new
    // courier) at once cannot both take a free name, nor meet on the unique index as a failure.
    if (input.body.name !== undefined) await tx.execute(sql`LOCK TABLE couriers IN SHARE ROW EXCLUSIVE MODE`);
    const before = await lockCourier(tx, input.id);
    if (input.body.name !== undefined) await assertNameFree(tx, input.body.name, input.id);
    const changes = Object.fromEntries(
      Object.entries(input.body)
        .filter(([key, value]) => value !== undefined && before[key as keyof typeof before] !== value)
        .map(([key, value]) => [key, { old: before[key as keyof typeof before], new: value }]),
    );
    if (Object.keys(changes).length > 0) {
      await tx.update(couriers).set(input.body).where(eq(couriers.id, input.id));
      await writeAuditEvent(tx, {
        entity: 'courier',
        entityId: input.id,
        action: 'updated',
        collectionUid: null,
        caseUid: null,
        changes,
        actor: input.actor,
      });
      await publishReferenceChanged(tx, 'couriers');
    }
    return answerOne(tx, input.id);
  });

export const setCourierRate = (
  db: Db,
  input: { id: number; body: z.output<typeof courierRateSchema>; actor: StaffActor },
): Promise<CourierAdmin> =>
  inTransaction(db, async (tx) => {
    const courier = await lockCourier(tx, input.id);
    const [branch] = await tx
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      .where(eq(branches.id, input.body.branch_id));
    if (!branch)
      throw new AppError('validation_failed', {
        message: courierAdminMessages.unknownBranch,
        fields: { branch_id: courierAdminMessages.unknownBranch },
      });
    const [before] = await selectRows<{ freight: string }>(
      tx,
      sql`SELECT freight::text AS freight FROM courier_rates WHERE courier_id = ${courier.id} AND branch_id = ${branch.id}`,
    );
    const freight = input.body.freight;
    // The audit row names the rate as stored ('25' is kept as '25.00'), as the next change's old value is.
    let stored: string | null = null;
    if (freight === null)
      await tx.execute(
        sql`DELETE FROM courier_rates WHERE courier_id = ${courier.id} AND branch_id = ${branch.id}`,
      );
    else {
      const [saved] = await tx
        .insert(courier_rates)
        .values({ courier_id: courier.id, branch_id: branch.id, freight })
        .onConflictDoUpdate({
          target: [courier_rates.courier_id, courier_rates.branch_id],
          set: { freight },
        })
        .returning({ freight: sql<string>`${courier_rates.freight}::text` });
      stored = saved?.freight ?? null;
    }
    await writeAuditEvent(tx, {
      entity: 'courier',
      entityId: courier.id,
      action: 'rate_set',
      collectionUid: null,
      caseUid: null,
      changes: { branch: branch.name, freight: { old: before?.freight ?? null, new: stored } },
      actor: input.actor,
    });
    return answerOne(tx, courier.id);
  });
