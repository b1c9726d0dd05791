import { inArray, sql } from 'drizzle-orm';
import {
  closeOfBusinessDaysAfter,
  shortCases,
  shortageWindowBusinessDays,
  toIso,
  type CaseShortages,
  type Shortages,
} from '@lab/domain';
import { selectRows, type Queryable } from '../../db/client';
import { cases, clients, collections, component_stock, components } from '../../db/schema/index';
import { defaultBranchCalendar, loadBranchCalendar } from '../schedule/load-branch-calendar';
import { loadCaseDemands } from './case-demand';

// GET /api/v2/gauge_mrp/shortages/: the branch's stock given to its open cases by due time (domain
// rules/stock/shortages.ts); the cases left short that are due by the close of the tenth business day
// (or overdue), by part, most short first.

export const loadShortages = async (
  q: Queryable,
  branch: { id: number; name: string },
  now = new Date(),
): Promise<Shortages> => {
  const calendar = (await loadBranchCalendar(q, branch.id))?.calendar ?? defaultBranchCalendar;
  const windowEnd = closeOfBusinessDaysAfter(calendar, now, shortageWindowBusinessDays);
  const demands = await loadCaseDemands(q, branch.id);
  const stock = await q
    .select({ componentId: component_stock.component_id, onHand: component_stock.quantity_on_hand })
    .from(component_stock)
    .where(sql`${component_stock.branch_id} = ${branch.id}`);
  const onHand = new Map(stock.map((row) => [row.componentId, row.onHand]));
  const inWindow = shortCases(onHand, demands).filter(
    (item) => item.dueMs !== null && item.dueMs <= windowEnd.getTime(),
  );
  if (inWindow.length === 0) return { branch, window_end: toIso(windowEnd), parts: [] };
  const caseRows = await q
    .select({
      uid: cases.uid,
      case_mkey: cases.case_mkey,
      collection_uid: collections.uid,
      collection_id: collections.collection_id,
      patient_reference: collections.patient_reference,
      client_name: clients.name,
    })
    .from(cases)
    .innerJoin(collections, sql`${collections.uid} = ${cases.collection_uid}`)
    .innerJoin(clients, sql`${clients.id} = ${collections.shipping_client_id}`)
    .where(
      inArray(
        cases.uid,
        inWindow.map((item) => item.caseUid),
      ),
    );
  const caseByUid = new Map(caseRows.map((row) => [row.uid, row]));
  const partIds = [...new Set(inWindow.flatMap((item) => [...item.short.keys()]))];
  const partRows = await selectRows<{ id: number; code: string; name: string }>(
    q,
    sql`SELECT id, code, name FROM ${components} WHERE id IN (${sql.join(
      partIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const parts = partRows.map((part) => {
    const short = inWindow.flatMap((item) => {
      const quantity = item.short.get(part.id);
      const row = caseByUid.get(item.caseUid);
      if (!quantity || !row) return [];
      const { uid, ...details } = row;
      return [
        {
          case_uid: uid,
          ...details,
          due: item.dueMs === null ? null : toIso(new Date(item.dueMs)),
          short: quantity,
        },
      ];
    });
    return {
      component_id: part.id,
      code: part.code,
      name: part.name,
      on_hand: onHand.get(part.id) ?? 0,
      short: short.reduce((sum, item) => sum + item.short, 0),
      cases: short,
    };
  });
  return {
    branch,
    window_end: toIso(windowEnd),
    parts: parts.toSorted((a, b) => b.short - a.short || a.code.localeCompare(b.code)),
  };
};

/**
 * The parts one case will lack when its branch's stock goes to the open cases by due time: what the
 * implant card marks "short for this case". A case without a branch, or not open, lacks nothing.
 */
export const loadCaseShortages = async (q: Queryable, caseUid: string): Promise<CaseShortages> => {
  const [place] = await q
    .select({ branchId: collections.fulfillment_branch_id })
    .from(cases)
    .innerJoin(collections, sql`${collections.uid} = ${cases.collection_uid}`)
    .where(sql`${cases.uid} = ${caseUid} AND ${cases.active}`);
  if (!place || place.branchId === null) return { parts: [] };
  const branchId = place.branchId;
  const stock = await q
    .select({ componentId: component_stock.component_id, onHand: component_stock.quantity_on_hand })
    .from(component_stock)
    .where(sql`${component_stock.branch_id} = ${branchId}`);
  const shortage = shortCases(
    new Map(stock.map((row) => [row.componentId, row.onHand])),
    await loadCaseDemands(q, branchId),
  ).find((item) => item.caseUid === caseUid);
  if (!shortage) return { parts: [] };
  const codes = await q
    .select({ id: components.id, code: components.code })
    .from(components)
    .where(inArray(components.id, [...shortage.short.keys()]));
  return {
    parts: codes
      .map((row) => ({ code: row.code, short: shortage.short.get(row.id) ?? 0 }))
      .toSorted((a, b) => a.code.localeCompare(b.code)),
  };
};
