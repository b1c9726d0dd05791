import { partnerFileLinkSchema } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { partnerPath } from './partner-path';

// GET /api/v2/partner/{key}/file/{file_id}/ → {url, file_name}. The url works ONCE, so it is never cached
// as a query: every download and every viewer load asks for a fresh one.

export const fetchPartnerFileLink = async (outsourceKey: string, fileId: number): Promise<string> =>
  (
    await keyLinkRequest('GET', partnerPath(outsourceKey, 'file', fileId), {
      schema: partnerFileLinkSchema,
    })
  ).url;
