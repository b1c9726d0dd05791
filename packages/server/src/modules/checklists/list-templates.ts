import type { ChecklistTemplate } from '@lab/domain';
import type { Db } from '../../db/client';
import { listTemplateRows } from './template-records';

// GET /api/v2/checklist_templates/: every staff member may read the templates; only admins change them.

export const listTemplates = (db: Db): Promise<ChecklistTemplate[]> => listTemplateRows(db);
