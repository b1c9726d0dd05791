import { partnerFileLinkSchema } from '@lab/domain';
import { partnerPath, partnerRequest } from './partner-fetch';

// GET /api/v2/partner/{key}/file/{file_id}/ → {url, file_name}. The url works ONCE, so it is never cached
// as a query: every download and every viewer load asks for a fresh one.

export const fetchPartnerFileLink = async (outsourceKey: string, fileId: number): Promise<string> =>
  (
    await partnerRequest('GET', partnerPath(outsourceKey, 'file', fileId), {
      schema: partnerFileLinkSchema,
    })
  ).url;
