import type { Implant, ImplantAuditAction, ImplantAuditChanges, ImplantAuditField } from '@lab/domain';
import { actorReference, actorUserId, type Actor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import { implant_audit } from '../../db/schema/index';
import { publishCasesChanged } from '../../realtime/events';

type AuditValue = string | number | boolean | null;

// The audit names parts by name, not id, so a row stays readable after the catalogue changes.
const snapshotOf = (implant: Implant | null): Record<ImplantAuditField, AuditValue> => ({
  tooth: implant?.tooth ?? null,
  'platform.string': implant?.platform ?? null,
  'screw.name': implant?.screw?.name ?? null,
  'tibase.name': implant?.tibase?.name ?? null,
  bi_axial: implant?.biaxial ?? null,
  engaging: implant?.engaging ?? null,
});

/** Field → {old, new} for every audited field that differs; null stands for "no implant" on either side. */
export const diffImplants = (before: Implant | null, after: Implant | null): ImplantAuditChanges => {
  const old = snapshotOf(before);
  const next = snapshotOf(after);
  const changes: ImplantAuditChanges = {};
  for (const field of Object.keys(old) as ImplantAuditField[]) {
    if (old[field] !== next[field]) changes[field] = { old: old[field], new: next[field] };
  }
  return changes;
};

export type ImplantAuditEntry = {
  caseUid: string;
  implantId: number;
  action: ImplantAuditAction;
  changes: ImplantAuditChanges;
  // Staff, or the ordering platform whose order brought the implant.
  actor: Actor;
};

/** Written inside the change's own transaction, so a change never lands without its audit row. */
export const writeImplantAudit = (tx: Tx, entry: ImplantAuditEntry): Promise<void> =>
  writeImplantAudits(tx, [entry]);

/** Several implants' audit rows in one statement (a clone or a redo carries all of a case's implants). */
export const writeImplantAudits = async (tx: Tx, entries: ImplantAuditEntry[]): Promise<void> => {
  if (entries.length === 0) return;
  await tx.insert(implant_audit).values(
    entries.map((entry) => ({
      case_uid: entry.caseUid,
      implant_id: entry.implantId,
      action: entry.action,
      // Audit tables name staff by username, as the other audits and messages do.
      modified_by: actorReference(entry.actor),
      modified_by_id: actorUserId(entry.actor),
      changed_values: entry.changes,
    })),
  );
  // Like every audit row: open pages of the cases' collections hear of it (audit/write-audit-event.ts).
  await publishCasesChanged(
    tx,
    entries.map((entry) => entry.caseUid),
  );
};
