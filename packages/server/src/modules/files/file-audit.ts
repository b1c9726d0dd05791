import type { Tx } from '../../db/client';
import { writeAuditEvent, type AuditActions, type AuditActor } from '../../audit/write-audit-event';

// Every change to a file (uploaded, deleted, blurred, restored, registered as a return file) is an
// audit_events row of entity 'file' in the transaction of the change; case files also add a case_audit
// row (written by the caller) so the change shows on the case's Audit tab.

export type FileAuditAction = AuditActions['file'];

export const writeFileAudit = (
  tx: Tx,
  entry: {
    fileUid: string;
    action: FileAuditAction;
    actor: AuditActor;
    caseUid: string | null;
    collectionUid: string | null;
    changes: Record<string, unknown>;
    now?: Date;
  },
): Promise<void> =>
  writeAuditEvent(tx, {
    entity: 'file',
    entityId: entry.fileUid,
    action: entry.action,
    caseUid: entry.caseUid,
    collectionUid: entry.collectionUid,
    changes: entry.changes,
    actor: entry.actor,
    ...(entry.now ? { at: entry.now } : {}),
  });
