import type { z } from 'zod';
import type { ChecklistTemplate, newChecklistTemplateSchema } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { writeAuditEvent } from '../../audit/write-audit-event';
import { inTransaction, type Db } from '../../db/client';
import { publishReferenceChanged } from '../../realtime/events';
import { checklist_templates } from '../../db/schema/index';
import { nextTemplateSort, presentTemplate, requireAdmin, requireJobType } from './template-records';

// POST /api/v2/checklist_templates/ (admin): a new QC step, copied onto every case of its job type
// created or redone from now on (cases already made keep their list).

export const createTemplate = (
  db: Db,
  options: { body: z.output<typeof newChecklistTemplateSchema>; actor: StaffActor },
): Promise<ChecklistTemplate> => {
  requireAdmin(options.actor);
  return inTransaction(db, async (tx) => {
    const { body, actor } = options;
    const jobType = await requireJobType(tx, body.job_type_id);
    const sort = body.sort ?? (await nextTemplateSort(tx, body.job_type_id));
    const [created] = await tx
      .insert(checklist_templates)
      .values({
        job_type_id: body.job_type_id,
        name: body.name,
        department: body.department,
        mandatory: body.mandatory,
        sort,
      })
      .returning({ id: checklist_templates.id });
    if (!created) throw new Error('checklist template insert returned no row');
    await writeAuditEvent(tx, {
      entity: 'checklist_template',
      entityId: created.id,
      action: 'created',
      collectionUid: null,
      caseUid: null,
      changes: {
        job_type: { old: null, new: jobType },
        name: { old: null, new: body.name },
        department: { old: null, new: body.department },
        mandatory: { old: null, new: body.mandatory },
        sort: { old: null, new: sort },
      },
      actor,
    });
    await publishReferenceChanged(tx, 'checklist_templates');
    return presentTemplate(tx, created.id);
  });
};
