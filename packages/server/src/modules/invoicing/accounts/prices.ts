import { eq, sql } from 'drizzle-orm';
import {
  AppError,
  accountsMessages,
  priceMessages,
  type PriceBody,
  type PriceRow,
  type Prices,
  type PriceItemKind,
} from '@lab/domain';
import type { StaffActor } from '../../../auth/actor';
import { writeAuditEvent } from '../../../audit/write-audit-event';
import { inTransaction, selectRows, type Db, type Queryable, type Tx } from '../../../db/client';
import { job_types, price_list } from '../../../db/schema/index';

// The price list on the Accounts page (issue 32): every row with the item and client it names, the job
// types' default prices; an administrator sets a price (one row per item, market and client: the row is
// replaced) or removes one, each audited. The next invoice line raised reads the new price (price-book.ts).

type Row = {
  id: number;
  job_type_id: number | null;
  kit_id: number | null;
  component_id: number | null;
  item_name: string;
  item_code: string | null;
  country: string;
  currency: string;
  client_id: number | null;
  client_name: string | null;
  unit_price: string;
};

const kindOf = (row: Pick<Row, 'job_type_id' | 'kit_id'>): PriceItemKind =>
  row.job_type_id !== null ? 'job_type' : row.kit_id !== null ? 'kit' : 'component';

const present = (row: Row): PriceRow => ({
  id: Number(row.id),
  kind: kindOf(row),
  item_id: Number(row.job_type_id ?? row.kit_id ?? row.component_id),
  item_name: row.item_name,
  item_code: row.item_code,
  country: row.country,
  currency: row.currency,
  client: row.client_id === null ? null : { client_id: Number(row.client_id), name: row.client_name ?? '' },
  unit_price: row.unit_price,
});

const selectPriceRows = (q: Queryable, where: ReturnType<typeof sql>) =>
  selectRows<Row>(
    q,
    sql`SELECT p.id, p.job_type_id, p.kit_id, p.component_id,
               coalesce(j.name, k.name, c.name) AS item_name, coalesce(k.code, c.code) AS item_code,
               p.country, p.currency, cl.client_id, cl.name AS client_name, p.unit_price::text AS unit_price
        FROM price_list p
        LEFT JOIN job_types j ON j.id = p.job_type_id
        LEFT JOIN kits k ON k.id = p.kit_id
        LEFT JOIN components c ON c.id = p.component_id
        LEFT JOIN clients cl ON cl.id = p.client_id
        WHERE ${where}
        ORDER BY cl.name NULLS FIRST, p.country, item_name, p.currency`,
  );

export const loadPrices = async (
  q: Queryable,
  query: { client_id?: number; kind?: PriceItemKind },
): Promise<Prices> => {
  const conditions = [sql`TRUE`];
  if (query.client_id !== undefined) conditions.push(sql`cl.client_id = ${query.client_id}`);
  if (query.kind === 'job_type') conditions.push(sql`p.job_type_id IS NOT NULL`);
  if (query.kind === 'kit') conditions.push(sql`p.kit_id IS NOT NULL`);
  if (query.kind === 'component') conditions.push(sql`p.component_id IS NOT NULL`);
  const rows = await selectPriceRows(q, sql.join(conditions, sql` AND `));
  const jobTypes = await q
    .select({ id: job_types.id, name: job_types.name, price: job_types.price })
    .from(job_types)
    .orderBy(job_types.name);
  return { rows: rows.map(present), job_types: jobTypes };
};

const itemExists = async (tx: Tx, kind: PriceItemKind, id: number): Promise<boolean> => {
  const table = { job_type: sql`job_types`, kit: sql`kits`, component: sql`components` }[kind];
  const [row] = await selectRows<{ id: number }>(tx, sql`SELECT id FROM ${table} WHERE id = ${id}`);
  return row !== undefined;
};

const clientIdOf = async (tx: Tx, clientNumber: number | null): Promise<number | null> => {
  if (clientNumber === null) return null;
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`SELECT id FROM clients WHERE client_id = ${clientNumber}`,
  );
  if (!row)
    throw new AppError('validation_failed', {
      message: accountsMessages.clientNotFound,
      fields: { client_id: accountsMessages.clientNotFound },
    });
  return Number(row.id);
};

export const setPrice = (db: Db, input: { body: PriceBody; actor: StaffActor }): Promise<PriceRow> =>
  inTransaction(db, async (tx) => {
    const { body, actor } = input;
    if (!(await itemExists(tx, body.kind, body.item_id)))
      throw new AppError('validation_failed', {
        message: priceMessages.unknownItem,
        fields: { item_id: priceMessages.unknownItem },
      });
    const clientId = await clientIdOf(tx, body.client_id);
    const item = {
      job_type_id: body.kind === 'job_type' ? body.item_id : null,
      kit_id: body.kind === 'kit' ? body.item_id : null,
      component_id: body.kind === 'component' ? body.item_id : null,
    };
    const [before] = await selectRows<{ id: number; unit_price: string }>(
      tx,
      sql`SELECT id, unit_price::text AS unit_price FROM price_list
          WHERE coalesce(job_type_id, 0) = ${item.job_type_id ?? 0} AND coalesce(kit_id, 0) = ${item.kit_id ?? 0}
            AND coalesce(component_id, 0) = ${item.component_id ?? 0} AND country = ${body.country}
            AND currency = ${body.currency} AND coalesce(client_id, 0) = ${clientId ?? 0}
          FOR UPDATE`,
    );
    const [saved] = before
      ? await tx
          .update(price_list)
          .set({ unit_price: body.unit_price })
          .where(eq(price_list.id, before.id))
          .returning({ id: price_list.id })
      : await tx
          .insert(price_list)
          .values({
            ...item,
            country: body.country,
            currency: body.currency,
            client_id: clientId,
            unit_price: body.unit_price,
          })
          .returning({ id: price_list.id });
    if (!saved) throw new Error('the price was not stored');
    const [row] = await selectPriceRows(tx, sql`p.id = ${saved.id}`);
    if (!row) throw new Error('the price was not stored');
    await writeAuditEvent(tx, {
      entity: 'price',
      entityId: saved.id,
      action: 'set',
      collectionUid: null,
      caseUid: null,
      changes: {
        item: row.item_name,
        market: `${body.country} ${body.currency}`,
        client: row.client_name,
        unit_price: { old: before?.unit_price ?? null, new: row.unit_price },
      },
      actor,
    });
    return present(row);
  });

export const removePrice = (db: Db, input: { id: number; actor: StaffActor }): Promise<void> =>
  inTransaction(db, async (tx) => {
    const [row] = await selectPriceRows(tx, sql`p.id = ${input.id}`);
    if (!row) throw new AppError('not_found', { message: priceMessages.priceNotFound });
    await tx.delete(price_list).where(eq(price_list.id, input.id));
    await writeAuditEvent(tx, {
      entity: 'price',
      entityId: input.id,
      action: 'removed',
      collectionUid: null,
      caseUid: null,
      changes: {
        item: row.item_name,
        market: `${row.country} ${row.currency}`,
        client: row.client_name,
        unit_price: { old: row.unit_price, new: null },
      },
      actor: input.actor,
    });
  });

export const setJobTypePrice = (
  db: Db,
  input: { jobTypeId: number; price: string; actor: StaffActor },
): Promise<{ id: number; name: string; price: string | null }> =>
  inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ id: job_types.id, name: job_types.name, price: job_types.price })
      .from(job_types)
      .where(eq(job_types.id, input.jobTypeId))
      .for('update');
    if (!before) throw new AppError('not_found', { message: priceMessages.unknownItem });
    const [after] = await tx
      .update(job_types)
      .set({ price: input.price })
      .where(eq(job_types.id, input.jobTypeId))
      .returning({ id: job_types.id, name: job_types.name, price: job_types.price });
    if (!after) throw new Error('the price was not stored');
    await writeAuditEvent(tx, {
      entity: 'job_type',
      entityId: after.id,
      action: 'price_set',
      collectionUid: null,
      caseUid: null,
      changes: { name: after.name, price: { old: before.price, new: after.price } },
      actor: input.actor,
    });
    return after;
  });
