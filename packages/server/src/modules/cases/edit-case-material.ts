import { inArray } from 'drizzle-orm';
import { caseActionMessages, type CaseEdit } from '@lab/domain';
import type { Tx } from '../../db/client';
import { material_types, materials } from '../../db/schema/index';
import type { CaseRecord } from './load-action-case';
import { recordChange } from './save-case-changes';
import { emptyEditPart, type EditPart } from './validation';

// edit_case: material type and material (case-workspace §5 'Changing material type clears a chosen
// material of another type; choosing a material sets its material type'). The server keeps the pair
// consistent the same way: a material chosen in this body sets the type; a new type clears a stored
// material of another type; a body naming a type and a material of another type is refused, because the
// form never sends that and guessing which of the two the user meant could save the wrong one.

type MaterialRow = { id: number; name: string; material_type_id: number };

const findMaterials = async (tx: Tx, ids: number[]): Promise<Map<number, MaterialRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: materials.id, name: materials.name, material_type_id: materials.material_type_id })
    .from(materials)
    .where(inArray(materials.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};

const findTypeNames = async (tx: Tx, ids: number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: material_types.id, name: material_types.name })
    .from(material_types)
    .where(inArray(material_types.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

const present = (ids: (number | null | undefined)[]): number[] =>
  [...new Set(ids)].filter((id): id is number => typeof id === 'number');

/** The type both sides of the pair end up with, or the field error that stops the save. */
const resolvePair = (
  edit: CaseEdit,
  row: CaseRecord,
  found: { materials: Map<number, MaterialRow>; typeNames: Map<number, string> },
): { typeId: number | null; materialId: number | null; fields: EditPart['fields'] } => {
  const fields: EditPart['fields'] = {};
  const bodyType = edit.material_type_id;
  const bodyMaterial = edit.material_id;
  if (typeof bodyType === 'number' && !found.typeNames.has(bodyType)) {
    fields['case.material_type_id'] = caseActionMessages.unknownMaterialType;
  }
  let typeId = bodyType === undefined ? row.material_type_id : bodyType;
  let materialId = bodyMaterial === undefined ? row.material_id : bodyMaterial;
  if (typeof bodyMaterial === 'number') {
    const chosen = found.materials.get(bodyMaterial);
    if (!chosen) fields['case.material_id'] = caseActionMessages.unknownMaterial;
    else if (typeof bodyType === 'number' && bodyType !== chosen.material_type_id) {
      fields['case.material_id'] = caseActionMessages.materialTypeMismatch;
    } else typeId = chosen.material_type_id;
  } else if (materialId !== null) {
    const stored = found.materials.get(materialId);
    if (stored?.material_type_id !== typeId) materialId = null;
  }
  return { typeId, materialId, fields };
};

export const resolveMaterial = async (tx: Tx, row: CaseRecord, edit: CaseEdit): Promise<EditPart> => {
  const part = emptyEditPart();
  if (edit.material_type_id === undefined && edit.material_id === undefined) return part;
  const materialRows = await findMaterials(tx, present([edit.material_id, row.material_id]));
  const typeIds = present([
    edit.material_type_id,
    row.material_type_id,
    ...[...materialRows.values()].map((m) => m.material_type_id),
  ]);
  const typeNames = await findTypeNames(tx, typeIds);
  const { typeId, materialId, fields } = resolvePair(edit, row, { materials: materialRows, typeNames });
  part.fields = fields;
  if (Object.keys(fields).length > 0) return part;
  if (typeId !== row.material_type_id) part.set.material_type_id = typeId;
  if (materialId !== row.material_id) part.set.material_id = materialId;
  const typeName = (id: number | null) => (id === null ? null : (typeNames.get(id) ?? null));
  const materialName = (id: number | null) => (id === null ? null : (materialRows.get(id)?.name ?? null));
  recordChange(part.changes, 'material_type', typeName(row.material_type_id), typeName(typeId));
  recordChange(part.changes, 'material', materialName(row.material_id), materialName(materialId));
  return part;
};
