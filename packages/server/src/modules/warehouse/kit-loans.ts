import { and, asc, eq, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  AppError,
  defaultBusinessTimeZone,
  isKitOverdue,
  kitLoanMessages,
  toIso,
  type GaugeKit,
  type LendKit,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { clients, kit_loans, kits } from '../../db/schema/index';

// Gauge MRP's scan-gauge kits (issue 31): where each is — in the lab, or lent to a client since a day and
// due back on another — and the warehouse's lend and return, each audited with the kit. A kit has at most
// one open loan (a unique index); lending one already out answers 409 naming who holds it.

/** Today in the lab's calendar (a kit is due back by the end of its day there). */
const labToday = (now: Date) => DateTime.fromJSDate(now).setZone(defaultBusinessTimeZone).toISODate() ?? '';

export const listKits = async (
  q: Queryable,
  options: { clientId?: number; kitId?: number; now?: Date } = {},
): Promise<GaugeKit[]> => {
  const today = labToday(options.now ?? new Date());
  const rows = await q
    .select({
      kit_id: kits.id,
      code: kits.code,
      name: kits.name,
      box: kits.kit_box_display,
      implant_qty: kits.implant_qty,
      loan_id: kit_loans.id,
      client_id: clients.client_id,
      client_name: clients.name,
      lent_at: kit_loans.lent_at,
      due_back_on: kit_loans.due_back_on,
    })
    .from(kits)
    .leftJoin(kit_loans, and(eq(kit_loans.kit_id, kits.id), isNull(kit_loans.returned_at)))
    .leftJoin(clients, eq(clients.id, kit_loans.client_id))
    .where(
      and(
        eq(kits.kind, 'SCAN_GAUGE'),
        eq(kits.enabled, true),
        options.clientId === undefined ? undefined : eq(clients.client_id, options.clientId),
        options.kitId === undefined ? undefined : eq(kits.id, options.kitId),
      ),
    )
    .orderBy(asc(kits.code));
  return rows.map((row) => ({
    kit_id: row.kit_id,
    code: row.code,
    name: row.name,
    box: row.box,
    implant_qty: row.implant_qty,
    loan:
      row.loan_id === null || row.lent_at === null || row.client_id === null
        ? null
        : {
            id: row.loan_id,
            client: { client_id: row.client_id, name: row.client_name ?? '' },
            lent_at: toIso(row.lent_at),
            due_back_on: row.due_back_on,
            is_overdue: isKitOverdue(row.due_back_on, today),
          },
  }));
};

/** The kit, locked, with its open loan if it has one. */
const lockKit = async (tx: Tx, kitId: number) => {
  const [kit] = await tx
    .select({ id: kits.id, code: kits.code })
    .from(kits)
    .where(and(eq(kits.id, kitId), eq(kits.kind, 'SCAN_GAUGE')))
    .for('update');
  if (!kit) throw new AppError('not_found', { message: kitLoanMessages.kitNotFound });
  const [loan] = await tx
    .select({ id: kit_loans.id, lent_at: kit_loans.lent_at, client: clients.name })
    .from(kit_loans)
    .innerJoin(clients, eq(clients.id, kit_loans.client_id))
    .where(and(eq(kit_loans.kit_id, kitId), isNull(kit_loans.returned_at)));
  return { kit, loan };
};

const answerKit = async (tx: Tx, kitId: number, now: Date): Promise<GaugeKit> => {
  const [kit] = await listKits(tx, { kitId, now });
  if (!kit) throw new AppError('not_found', { message: kitLoanMessages.kitNotFound });
  return kit;
};

export const lendKit = (
  db: Db,
  options: { kitId: number; body: LendKit; actor: StaffActor; now?: Date },
): Promise<GaugeKit> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const now = options.now ?? new Date();
    if (body.due_back_on !== null && body.due_back_on < labToday(now)) {
      throw new AppError('validation_failed', {
        message: kitLoanMessages.dueBeforeToday,
        fields: { due_back_on: kitLoanMessages.dueBeforeToday },
      });
    }
    const { kit, loan } = await lockKit(tx, options.kitId);
    if (loan) {
      const since = DateTime.fromJSDate(loan.lent_at).setZone(defaultBusinessTimeZone).toISODate() ?? '';
      throw new AppError('conflict', { message: kitLoanMessages.alreadyLent(loan.client, since) });
    }
    const [client] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.client_id, body.client_id));
    if (!client) {
      throw new AppError('validation_failed', {
        message: kitLoanMessages.clientNotFound,
        fields: { client_id: kitLoanMessages.clientNotFound },
      });
    }
    await tx.insert(kit_loans).values({
      kit_id: kit.id,
      client_id: client.id,
      lent_at: now,
      due_back_on: body.due_back_on,
      lent_by_id: actor.id,
    });
    await writeAuditEvent(tx, {
      entity: 'kit',
      entityId: kit.code,
      action: 'lent',
      collectionUid: null,
      caseUid: null,
      changes: { client: { client_id: body.client_id, name: client.name }, due_back_on: body.due_back_on },
      actor,
      at: now,
    });
    return answerKit(tx, kit.id, now);
  });

export const returnKit = (
  db: Db,
  options: { kitId: number; actor: StaffActor; now?: Date },
): Promise<GaugeKit> =>
  inTransaction(db, async (tx) => {
    const { actor } = options;
    const now = options.now ?? new Date();
    const { kit, loan } = await lockKit(tx, options.kitId);
    if (!loan) throw new AppError('conflict', { message: kitLoanMessages.notLent });
    await tx
      .update(kit_loans)
      .set({ returned_at: now, returned_by_id: actor.id })
      .where(eq(kit_loans.id, loan.id));
    await writeAuditEvent(tx, {
      entity: 'kit',
      entityId: kit.code,
      action: 'returned',
      collectionUid: null,
      caseUid: null,
      changes: { client: loan.client, lent_at: toIso(loan.lent_at) },
      actor,
      at: now,
    });
    return answerKit(tx, kit.id, now);
  });
