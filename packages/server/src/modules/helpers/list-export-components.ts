import { and, asc, eq, inArray } from 'drizzle-orm';
import { exportComponentTypes, type ExportComponent, type ExportComponentType } from '@lab/domain';
import type { Queryable } from '../../db/client';
import { components } from '../../db/schema/index';

// GET /api/v2/management/components/: the parts the component export offers — the enabled scan bodies and
// healing caps of the catalogue, by type then name.

export const listExportComponents = async (q: Queryable): Promise<ExportComponent[]> => {
  const rows = await q
    .select({ id: components.id, name: components.name, component_type: components.component_type })
    .from(components)
    .where(
      and(inArray(components.component_type, [...exportComponentTypes]), eq(components.is_disabled, false)),
    )
    .orderBy(asc(components.component_type), asc(components.name), asc(components.id));
  return rows.map((row) => ({ ...row, component_type: row.component_type as ExportComponentType }));
};
