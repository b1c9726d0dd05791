import { asc, eq, inArray } from 'drizzle-orm';
import { caseActionMessages, type CaseEdit } from '@lab/domain';
import type { Tx } from '../../db/client';
import { case_client_gauge_kits, kits } from '../../db/schema/index';
import type { CaseRecord } from './load-action-case';
import { recordChange } from './save-case-changes';
import { emptyEditPart, type EditPart } from './validation';

// edit_case: the scan gauge (a kit, or 'none matches' = id 0 with the Scan Gauge ID the client gave in
// scan_gauge_name) and the client's own gauge kits that came with the case.

const kitLabel = (kit: { name: string; kit_box_display: string }): string =>
  kit.kit_box_display ? `${kit.name} (${kit.kit_box_display})` : kit.name;

const findKits = async (tx: Tx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, { name: string; kit_box_display: string; kind: string }>();
  const rows = await tx
    .select({ id: kits.id, name: kits.name, kit_box_display: kits.kit_box_display, kind: kits.kind })
    .from(kits)
    .where(inArray(kits.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};

export const resolveScanGauge = async (tx: Tx, row: CaseRecord, edit: CaseEdit): Promise<EditPart> => {
  const part = emptyEditPart();
  if (edit.scan_gauge_kit_id === undefined && edit.scan_gauge_name === undefined) return part;
  // The wire's id 0 is stored as no kit with a typed name (present-case reads it back the same way).
  const storedChoice = row.scan_gauge_kit_id ?? (row.scan_gauge_name ? 0 : null);
  const choice = edit.scan_gauge_kit_id === undefined ? storedChoice : edit.scan_gauge_kit_id;
  let kitId: number | null = null;
  let name: string | null = null;
  if (choice === 0) {
    name = (edit.scan_gauge_name === undefined ? row.scan_gauge_name : edit.scan_gauge_name)?.trim() ?? '';
    if (!name) part.fields['case.scan_gauge_name'] = caseActionMessages.blank;
  } else if (choice !== null) {
    const kit = (await findKits(tx, [choice])).get(choice);
    if (kit?.kind !== 'SCAN_GAUGE') part.fields['case.scan_gauge_kit_id'] = caseActionMessages.unknownKit;
    kitId = choice;
  }
  if (Object.keys(part.fields).length > 0) return part;
  if (kitId !== row.scan_gauge_kit_id) part.set.scan_gauge_kit_id = kitId;
  if (name !== row.scan_gauge_name) part.set.scan_gauge_name = name;
  const labels = await findKits(
    tx,
    [row.scan_gauge_kit_id, kitId].filter((id) => id !== null),
  );
  const label = (id: number | null) => {
    const kit = id === null ? undefined : labels.get(id);
    return kit ? kitLabel(kit) : null;
  };
  recordChange(part.changes, 'scan_gauge_kit', label(row.scan_gauge_kit_id), label(kitId));
  recordChange(part.changes, 'scan_gauge_name', row.scan_gauge_name, name);
  return part;
};

/** The client gauge kits sent replace the case's; answers the audit part and whether a write is due. */
export const resolveClientGaugeKits = async (
  tx: Tx,
  row: CaseRecord,
  edit: CaseEdit,
): Promise<EditPart & { kitIds: number[] | null }> => {
  const part = { ...emptyEditPart(), kitIds: null as number[] | null };
  if (edit.client_gauge_kits === undefined) return part;
  const wanted = [...new Set(edit.client_gauge_kits.map((k) => k.gauge_kit_id))];
  const current = await tx
    .select({ id: case_client_gauge_kits.kit_id })
    .from(case_client_gauge_kits)
    .where(eq(case_client_gauge_kits.case_uid, row.uid))
    .orderBy(asc(case_client_gauge_kits.kit_id));
  const found = await findKits(tx, [...wanted, ...current.map((c) => c.id)]);
  // Only the client's own gauge kits: a scan gauge or a pricing kit never comes back to the client.
  if (wanted.some((id) => found.get(id)?.kind !== 'CLIENT_GAUGE')) {
    part.fields['case.client_gauge_kits'] = caseActionMessages.unknownKit;
    return part;
  }
  const labels = (ids: number[]) =>
    ids.flatMap((id) => {
      const kit = found.get(id);
      return kit ? [kitLabel(kit)] : [];
    });
  const before = current.map((c) => c.id);
  const after = [...wanted].sort((a, b) => a - b);
  recordChange(part.changes, 'client_gauge_kits', labels(before), labels(after));
  if (part.changes.client_gauge_kits) part.kitIds = after;
  return part;
};

/** Replaces the case's client gauge kits. */
export const saveClientGaugeKits = async (tx: Tx, caseUid: string, kitIds: number[]): Promise<void> => {
  await tx.delete(case_client_gauge_kits).where(eq(case_client_gauge_kits.case_uid, caseUid));
  if (kitIds.length > 0) {
    await tx.insert(case_client_gauge_kits).values(kitIds.map((kit_id) => ({ case_uid: caseUid, kit_id })));
  }
};
