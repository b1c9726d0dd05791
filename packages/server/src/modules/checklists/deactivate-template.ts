import { eq } from 'drizzle-orm';
import type { ChecklistTemplate } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { publishReferenceChanged } from '../../realtime/events';
import { checklist_templates } from '../../db/schema/index';
import { lockTemplate, parseTemplateId, presentTemplate, requireAdmin } from './template-records';

// DELETE /api/v2/checklist_templates/{id}/ (admin): the step is copied onto no new case. It is kept, not
// deleted, so the items cases already have still name where they came from and the admin can bring it
// back (PATCH is_active: true). Answers the template.

export const deactivateTemplate = (
  db: Db,
  options: { rawId: string; actor: StaffActor },
): Promise<ChecklistTemplate> => {
  requireAdmin(options.actor);
  const id = parseTemplateId(options.rawId);
  return inTransaction(db, async (tx) => {
    const row = await lockTemplate(tx, id);
    if (row.is_active) {
      await tx
        .update(checklist_templates)
        .set({ is_active: false })
        .where(eq(checklist_templates.id, row.id));
      await writeAuditEvent(tx, {
        entity: 'checklist_template',
        entityId: row.id,
        action: 'deactivated',
        collectionUid: null,
        caseUid: null,
        changes: { is_active: { old: true, new: false } },
        actor: options.actor,
      });
      await publishReferenceChanged(tx, 'checklist_templates');
    }
    return presentTemplate(tx, row.id);
  });
};
