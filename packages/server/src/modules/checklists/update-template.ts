import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChecklistTemplate, checklistTemplatePatchSchema } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { publishReferenceChanged } from '../../realtime/events';
import { checklist_templates } from '../../db/schema/index';
import {
  lockTemplate,
  parseTemplateId,
  presentTemplate,
  requireAdmin,
  requireJobType,
  type TemplateRow,
} from './template-records';

// PATCH /api/v2/checklist_templates/{id}/ (admin): rename, move to another department or job type, make
// mandatory or not, reorder, or bring a deactivated step back. Items already on cases keep what they were
// copied with, so a past check never changes meaning.

type Patch = z.output<typeof checklistTemplatePatchSchema>;
type Editable = 'job_type_id' | 'name' | 'department' | 'mandatory' | 'sort' | 'is_active';

export const updateTemplate = (
  db: Db,
  options: { rawId: string; body: Patch; actor: StaffActor },
): Promise<ChecklistTemplate> => {
  requireAdmin(options.actor);
  const id = parseTemplateId(options.rawId);
  return inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const row = await lockTemplate(tx, id);
    const set: Partial<Pick<TemplateRow, Editable>> = {};
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    if (body.job_type_id !== undefined && body.job_type_id !== row.job_type_id) {
      const [oldName, newName] = [
        await requireJobType(tx, row.job_type_id),
        await requireJobType(tx, body.job_type_id),
      ];
      set.job_type_id = body.job_type_id;
      changes['job_type'] = { old: oldName, new: newName };
    }
    for (const field of ['name', 'department', 'mandatory', 'sort', 'is_active'] as const) {
      const value = body[field];
      if (value === undefined || value === row[field]) continue;
      Object.assign(set, { [field]: value });
      changes[field] = { old: row[field], new: value };
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(checklist_templates).set(set).where(eq(checklist_templates.id, id));
      await writeAuditEvent(tx, {
        entity: 'checklist_template',
        entityId: id,
        action: 'updated',
        collectionUid: null,
        caseUid: null,
        changes,
        actor,
      });
      await publishReferenceChanged(tx, 'checklist_templates');
    }
    return presentTemplate(tx, id);
  });
};
