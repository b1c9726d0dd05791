import type { CaseChecklist } from '@lab/domain';
import type { Db } from '../../db/client';
import { findChecklistCase, presentCaseChecklist } from './checklist-records';

// GET api/v2/checklists/{caseUid}/: the case's QC checklist, in template order.

export const getCaseChecklist = async (db: Db, rawCaseUid: string): Promise<CaseChecklist> =>
  presentCaseChecklist(db, await findChecklistCase(db, rawCaseUid));
