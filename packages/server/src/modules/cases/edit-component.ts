import { and, eq, inArray } from 'drizzle-orm';
import { caseActionMessages, type ComponentEdit, type ComponentLineInput } from '@lab/domain';
import type { Tx } from '../../db/client';
import { case_component_lines, components } from '../../db/schema/index';
import { findComponentLines } from '../collections/case-queries';
import { answerCase, type CaseActionHandler } from './action-types';
import { recordChange, saveCaseChanges, type CaseChanges } from './save-case-changes';
import { throwIfInvalid, type FieldErrors } from './validation';

// edit_component: the component lines card saves its attachments, analogs and generic components. Each
// list sent replaces that list; a list not sent is left alone.

const kindOfList = { attachments: 'attachment', analogs: 'analog', generic_components: 'generic' } as const;
type ListName = keyof typeof kindOfList;
const listNames = Object.keys(kindOfList) as ListName[];

type CurrentLine = { kind: string; component_id: number; code: string; quantity: number };

const findCatalogue = async (tx: Tx, ids: number[]) => {
  if (ids.length === 0) return new Map<number, { kind: string; code: string; is_disabled: boolean }>();
  const rows = await tx
    .select({
      id: components.id,
      kind: components.kind,
      code: components.code,
      is_disabled: components.is_disabled,
    })
    .from(components)
    .where(inArray(components.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};

/** A line as the audit reads it: 'ATT-LOC-2 × 2'. */
const lineText = (code: string, quantity: number): string => `${code} × ${quantity}`;

/**
 * Each chosen part must be of the list's kind; a disabled part may stay on a line that already has it
 * but cannot be newly chosen.
 */
const validateLists = (
  edit: ComponentEdit,
  catalogue: Awaited<ReturnType<typeof findCatalogue>>,
  current: CurrentLine[],
): FieldErrors => {
  const fields: FieldErrors = {};
  for (const list of listNames) {
    const kind = kindOfList[list];
    (edit[list] ?? []).forEach((line: ComponentLineInput, index) => {
      const field = `case.${list}.${index}.component_id`;
      const part = line.component_id === null ? undefined : catalogue.get(line.component_id);
      if (line.component_id === null) fields[field] = caseActionMessages.attachmentTypeRequired;
      else if (part?.kind !== kind) fields[field] = caseActionMessages.unknownComponent;
      else if (
        part.is_disabled &&
        !current.some((c) => c.kind === kind && c.component_id === line.component_id)
      ) {
        fields[field] = caseActionMessages.componentDisabled;
      }
    });
  }
  return fields;
};

export const editComponent: CaseActionHandler<'edit_component'> = async (
  tx,
  { actionCase, actor, now, body },
) => {
  const { row } = actionCase;
  const edit = body.case;
  const current: CurrentLine[] = await findComponentLines(tx, [row.uid]);
  const chosenIds = listNames.flatMap((list) =>
    (edit[list] ?? []).flatMap((line) => (line.component_id === null ? [] : [line.component_id])),
  );
  const catalogue = await findCatalogue(tx, [...new Set(chosenIds)]);
  throwIfInvalid(validateLists(edit, catalogue, current));

  const changes: CaseChanges = {};
  for (const list of listNames) {
    const lines = edit[list];
    if (!lines) continue;
    const kind = kindOfList[list];
    const before = current.filter((c) => c.kind === kind).map((c) => lineText(c.code, c.quantity));
    const after = lines.map((line) =>
      lineText(catalogue.get(line.component_id ?? 0)?.code ?? '', line.quantity),
    );
    recordChange(changes, list, before, after);
    if (!changes[list]) continue;
    await tx
      .delete(case_component_lines)
      .where(and(eq(case_component_lines.case_uid, row.uid), eq(case_component_lines.kind, kind)));
    if (lines.length > 0) {
      await tx.insert(case_component_lines).values(
        lines.map((line) => ({
          case_uid: row.uid,
          kind,
          component_id: line.component_id ?? 0,
          quantity: line.quantity,
          created_at: now,
        })),
      );
    }
  }
  await saveCaseChanges(tx, { actionCase, actor, now, changes, set: {} });
  return answerCase(row.uid);
};
