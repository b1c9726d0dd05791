import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AppError,
  componentExportMessages,
  fieldError,
  nexusConnectAutomationType,
  type componentExportBodySchema,
} from '@lab/domain';
import type { NexusConnectExport } from '../../adapters/nexus-connect/client';
import { NexusConnectError } from '../../adapters/nexus-connect/client';
import type { NexusConnectSetup } from '../../adapters/nexus-connect/nexus-connect-setup';
import type { Queryable } from '../../db/client';
import { cases, components } from '../../db/schema/index';

// POST /proxy/nexus_connect/exports/ {nc_session_id, scan_body_id, healing_cap_id?}: the component export.
// The session must be one a case's nexus_connect automation result names (the dialog offers nothing
// else); the parts must be an enabled scan body and healing cap. The service is asked by warehouse code
// and its zip streams back unread; its failures are a 502 that says to try again (details to the log).

type ExportBody = z.output<typeof componentExportBodySchema>;

const sessionExists = async (q: Queryable, sessionId: string): Promise<boolean> => {
  const wanted = JSON.stringify([
    { type: nexusConnectAutomationType, payload: { nc_session_id: sessionId } },
  ]);
  const [row] = await q
    .select({ uid: cases.uid })
    .from(cases)
    .where(sql`${cases.automation_results} @> ${wanted}::jsonb`)
    .limit(1);
  return row !== undefined;
};

const findParts = async (q: Queryable, body: ExportBody) => {
  const ids = [body.scan_body_id, ...(body.healing_cap_id ? [body.healing_cap_id] : [])];
  const rows = await q
    .select({
      id: components.id,
      code: components.code,
      name: components.name,
      type: components.component_type,
    })
    .from(components)
    .where(and(inArray(components.id, ids), eq(components.is_disabled, false)));
  const scanBody = rows.find((row) => row.id === body.scan_body_id && row.type === 'Scan Body');
  if (!scanBody) throw fieldError('scan_body_id', componentExportMessages.scanBodyNotFound);
  if (!body.healing_cap_id) return { scanBody, healingCap: null };
  const healingCap = rows.find((row) => row.id === body.healing_cap_id && row.type === 'Healing Cap');
  if (!healingCap) throw fieldError('healing_cap_id', componentExportMessages.healingCapNotFound);
  return { scanBody, healingCap };
};

export const exportComponents = async (
  q: Queryable,
  options: {
    nexusConnect: NexusConnectSetup;
    body: ExportBody;
    onFailure: (error: NexusConnectError) => void;
  },
): Promise<NexusConnectExport> => {
  const { body } = options;
  if (!(await sessionExists(q, body.nc_session_id))) {
    throw new AppError('not_found', { message: componentExportMessages.sessionNotFound });
  }
  const { scanBody, healingCap } = await findParts(q, body);
  try {
    return await options.nexusConnect.client.createExport({
      session_id: body.nc_session_id,
      scan_body: { code: scanBody.code, name: scanBody.name },
      healing_cap: healingCap ? { code: healingCap.code, name: healingCap.name } : null,
    });
  } catch (error) {
    if (!(error instanceof NexusConnectError)) throw error;
    options.onFailure(error);
    throw new AppError('upstream_failed', {
      message:
        error.kind === 'timeout'
          ? componentExportMessages.exportTimedOut
          : componentExportMessages.exportFailed,
    });
  }
};
