import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, orderMessages, type DeskOrder } from '@lab/domain';
import type { PlatformActor, StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import type { Tx } from '../../db/client';
import { client_identifications, clients } from '../../db/schema/index';

// Who ordered: the client the front desk chose, else the one with the order's account number, else with
// its e-mail (the client's own or one it is known by), else a new client. A platform's new client is
// flagged for review, so the lab checks it is no duplicate before it is invoiced; the front desk's was
// made by the person who checked. The oldest active match wins when several share an e-mail.

export type OrderClient = { id: number; name: string; created: boolean };

const findByAccountNumber = async (tx: Tx, accountNumber: string) => {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.is_active, true), sql`lower(${clients.account_number}) = lower(${accountNumber})`))
    .orderBy(asc(clients.id))
    .limit(1);
  return row ?? null;
};

const findByEmail = async (tx: Tx, email: string) => {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(
      and(
        eq(clients.is_active, true),
        sql`(lower(${clients.email}) = lower(${email}) OR EXISTS (
          SELECT 1 FROM ${client_identifications}
          WHERE ${client_identifications.client_id} = ${clients.id}
            AND ${client_identifications.kind} = 'EMAIL'
            AND lower(${client_identifications.value}) = lower(${email})))`,
      ),
    )
    .orderBy(asc(clients.id))
    .limit(1);
  return row ?? null;
};

/** The client the desk chose, by its Client ID (as client search answers it). */
const findChosen = async (tx: Tx, clientId: number) => {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.client_id, clientId), eq(clients.is_active, true)))
    .limit(1);
  if (!row) {
    throw new AppError('validation_failed', {
      message: orderMessages.clientNotFound,
      fields: { 'client.client_id': orderMessages.clientNotFound },
    });
  }
  return row;
};

export const matchOrderClient = async (
  tx: Tx,
  client: DeskOrder['client'],
  actor: PlatformActor | StaffActor,
): Promise<OrderClient> => {
  const found =
    (client.client_id ? await findChosen(tx, client.client_id) : null) ??
    (client.account_number ? await findByAccountNumber(tx, client.account_number) : null) ??
    (client.email ? await findByEmail(tx, client.email) : null);
  if (found) return { ...found, created: false };
  if (!client.name || !client.country) {
    const message = actor.kind === 'staff' ? orderMessages.deskClientNeeded : orderMessages.clientNeeded;
    throw new AppError('validation_failed', { message, fields: { client: message } });
  }
  const [created] = await tx
    .insert(clients)
    .values({
      name: client.name,
      country: client.country,
      account_number: client.account_number ?? null,
      email: client.email ?? null,
      needs_review: actor.kind === 'platform',
    })
    .returning({ id: clients.id, client_id: clients.client_id, name: clients.name });
  if (!created) throw new Error('client insert returned no row');
  await writeAuditEvent(tx, {
    entity: 'client',
    entityId: created.client_id,
    action: 'created_from_order',
    collectionUid: null,
    caseUid: null,
    changes: { name: created.name, country: client.country, account_number: client.account_number ?? null },
    actor,
  });
  return { id: created.id, name: created.name, created: true };
};
