import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  applyItemOptions,
  centsToMoneyText,
  lineTotalCents,
  redoCharges,
  redoChargeCents,
  type InvoiceLineSource,
  type ItemOption,
} from '@lab/domain';
import type { Queryable } from '../../db/client';
import {
  case_component_lines,
  cases,
  components,
  implants,
  item_options,
  job_types,
  screws,
  tibases,
} from '../../db/schema/index';
import type { PriceBook } from './price-book';

// The lines a case puts on its invoice (issue 13 §1): the job type at the client's price (a redo by its
// charge), the screws and ti-bases of its implant positions and its component lines at their list price,
// and its selected item options. A screw or ti-base without a list price is part of the job type's price
// and is not billed on its own; a component line without one is added unpriced, so the issues card shows
// it to accounts.

export type NewInvoiceLine = {
  case_uid: string | null;
  dentate: string | null;
  description: string;
  total_qty: string | null;
  unit_price: string | null;
  total_amount: string | null;
  is_fixed: boolean;
  source: InvoiceLineSource;
};

const line = (
  fields: Omit<NewInvoiceLine, 'total_qty' | 'unit_price' | 'total_amount' | 'is_fixed'> & {
    qty: number;
    unitCents: number | null;
    is_fixed?: boolean;
  },
): NewInvoiceLine => ({
  case_uid: fields.case_uid,
  dentate: fields.dentate,
  description: fields.description,
  source: fields.source,
  is_fixed: fields.is_fixed ?? false,
  total_qty: fields.qty.toFixed(2),
  unit_price: fields.unitCents === null ? null : centsToMoneyText(fields.unitCents),
  total_amount:
    fields.unitCents === null
      ? null
      : centsToMoneyText(lineTotalCents({ total_qty: fields.qty, unit_price_cents: fields.unitCents })),
});

const isRedoCharge = (value: string | null): value is (typeof redoCharges)[number] =>
  redoCharges.some((charge) => charge === value);

type CaseRow = {
  uid: string;
  dentate: string | null;
  job_type_id: number;
  job_type_name: string;
  redo_type: string | null;
  redo_charge: string | null;
  redo_discount_amount: string | null;
};

/** The job type line's amount: the price, less what a redo's charge takes off. */
const jobTypeCents = (c: CaseRow, prices: PriceBook): number | null => {
  const base = prices.jobType(c.job_type_id);
  if (base === null || !isRedoCharge(c.redo_charge)) return base;
  return redoChargeCents(
    base,
    c.redo_charge,
    c.redo_discount_amount === null ? null : Number(c.redo_discount_amount),
  );
};

/** Counts per part: the screws (or ti-bases) of a case's implant positions. */
const countParts = (rows: readonly { case_uid: string; component_id: number | null; name: string }[]) => {
  const counts = new Map<string, { case_uid: string; component_id: number; name: string; qty: number }>();
  for (const row of rows) {
    if (row.component_id === null) continue;
    const key = `${row.case_uid}:${row.component_id}`;
    const found = counts.get(key);
    if (found) found.qty += 1;
    else counts.set(key, { case_uid: row.case_uid, component_id: row.component_id, name: row.name, qty: 1 });
  }
  return [...counts.values()];
};

/** The lines of `caseUids`, in the order the cases are given; four statements whatever their number. */
export const buildCaseLines = async (
  q: Queryable,
  caseUids: readonly string[],
  prices: PriceBook,
): Promise<NewInvoiceLine[]> => {
  if (caseUids.length === 0) return [];
  const uids = [...caseUids];
  const [caseRows, screwRows, tibaseRows, componentRows, optionRows] = await Promise.all([
    q
      .select({
        uid: cases.uid,
        dentate: cases.dentate,
        job_type_id: cases.job_type_id,
        job_type_name: job_types.name,
        redo_type: cases.redo_type,
        redo_charge: cases.redo_charge,
        redo_discount_amount: cases.redo_discount_amount,
      })
      .from(cases)
      .innerJoin(job_types, eq(job_types.id, cases.job_type_id))
      .where(inArray(cases.uid, uids)),
    q
      .select({ case_uid: implants.case_uid, component_id: screws.component_id, name: screws.name })
      .from(implants)
      .innerJoin(screws, eq(screws.id, implants.screw_id))
      .where(and(inArray(implants.case_uid, uids), isNull(implants.deleted_at)))
      .orderBy(asc(implants.tooth)),
    q
      .select({ case_uid: implants.case_uid, component_id: tibases.component_id, name: tibases.name })
      .from(implants)
      .innerJoin(tibases, eq(tibases.id, implants.tibase_id))
      .where(and(inArray(implants.case_uid, uids), isNull(implants.deleted_at)))
      .orderBy(asc(implants.tooth)),
    q
      .select({
        case_uid: case_component_lines.case_uid,
        component_id: case_component_lines.component_id,
        name: components.name,
        quantity: case_component_lines.quantity,
      })
      .from(case_component_lines)
      .innerJoin(components, eq(components.id, case_component_lines.component_id))
      .where(inArray(case_component_lines.case_uid, uids))
      .orderBy(asc(case_component_lines.id)),
    q
      .select({
        case_uid: item_options.case_uid,
        description: item_options.description,
        is_selected: item_options.is_selected,
        amount: item_options.amount,
        is_percentage: item_options.is_percentage,
      })
      .from(item_options)
      .where(inArray(item_options.case_uid, uids))
      .orderBy(asc(item_options.sort), asc(item_options.id)),
  ]);

  const byUid = new Map(caseRows.map((c) => [c.uid, c]));
  return uids.flatMap((uid) => {
    const c = byUid.get(uid);
    if (!c) return [];
    const base = jobTypeCents(c, prices);
    const forCase = { case_uid: c.uid, dentate: c.dentate };
    const parts = [
      ...countParts(screwRows.filter((r) => r.case_uid === uid)),
      ...countParts(tibaseRows.filter((r) => r.case_uid === uid)),
    ];
    const options: ItemOption[] = optionRows
      .filter((o) => o.case_uid === uid)
      .map((o) => ({
        description: o.description,
        is_selected: o.is_selected,
        // The rule's unit: whole percent, or cents (the column keeps dollars with two decimals).
        amount: o.is_percentage ? Number(o.amount) : Math.round(Number(o.amount) * 100),
        is_percentage: o.is_percentage,
        case_id: 0,
      }));
    return [
      line({
        ...forCase,
        description: `${c.job_type_name}${c.redo_type ? ' (redo)' : ''}`,
        source: 'job_type',
        qty: 1,
        unitCents: base,
      }),
      ...parts.flatMap((part) => {
        const unit = prices.component(part.component_id);
        return unit === null
          ? []
          : [line({ ...forCase, description: part.name, source: 'implant', qty: part.qty, unitCents: unit })];
      }),
      ...componentRows
        .filter((r) => r.case_uid === uid)
        .map((r) =>
          line({
            ...forCase,
            description: r.name,
            source: 'component',
            qty: r.quantity,
            unitCents: prices.component(r.component_id),
          }),
        ),
      ...applyItemOptions(base ?? 0, options).map((o) =>
        line({ ...forCase, description: o.description, source: 'option', qty: 1, unitCents: o.amount_cents }),
      ),
    ];
  });
};

/** The option lines of one case alone (edit_case_items replaces exactly these). */
export const buildOptionLines = async (
  q: Queryable,
  caseUid: string,
  prices: PriceBook,
): Promise<NewInvoiceLine[]> =>
  (await buildCaseLines(q, [caseUid], prices)).filter((l) => l.source === 'option');
