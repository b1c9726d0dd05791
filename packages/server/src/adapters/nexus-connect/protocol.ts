import { z } from 'zod';

// The wire contract between the lab and the nexus_connect design-library service, shared by our client
// and the local simulator so the two cannot drift apart. Calls carry `Authorization: Bearer <api key>`.
// An export asks for the library files of one design session with a scan body (and optionally a healing
// cap), named by their warehouse codes; the answer is the zip itself (application/zip).

export const nexusConnectPaths = {
  exports: '/api/exports',
} as const;

const part = z.object({ code: z.string().min(1).max(64), name: z.string().min(1).max(200) });

export const nexusConnectExportRequestSchema = z.object({
  session_id: z.string().min(1).max(100),
  scan_body: part,
  healing_cap: part.nullable(),
});
export type NexusConnectExportRequest = z.infer<typeof nexusConnectExportRequestSchema>;

export const zipContentType = 'application/zip';
