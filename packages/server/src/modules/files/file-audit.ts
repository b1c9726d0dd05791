import type { Tx } from '../../db/client';
import { audit_events } from '../../db/schema/index';

// Every change to a file (uploaded, deleted, blurred, restored, registered as a return file) is an
// audit_events row of entity 'file' in the transaction of the change; case files also add a case_audit
// row (written by the caller) so the change shows on the case's Audit tab.

export type FileAuditAction = 'uploaded' | 'deleted' | 'blurred' | 'restored' | 'registered';

export const writeFileAudit = async (
  tx: Tx,
  entry: {
    fileUid: string;
    action: FileAuditAction;
    actor: { id: number | null; reference: string };
    caseUid: string | null;
    collectionUid: string | null;
    changes: Record<string, unknown>;
    now?: Date;
  },
): Promise<void> => {
  await tx.insert(audit_events).values({
    entity_type: 'file',
    entity_id: entry.fileUid,
    action: entry.action,
    case_uid: entry.caseUid,
    collection_uid: entry.collectionUid,
    changed_values: entry.changes,
    actor_user_id: entry.actor.id,
    actor_reference: entry.actor.reference,
    ...(entry.now ? { created_at: entry.now } : {}),
  });
};
