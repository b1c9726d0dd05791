import type { PortalFileType } from '@lab/domain';
import { keyLinkRequest } from '../../../lib/key-link-fetch';
import { portalPath } from './portal-path';
import { portalFileLinkParser } from './portal-schemas';

// GET /api/v2/customer/{key}/file/{type}/{id}/ → {url, file_name}. The url works ONCE, so it is never
// cached as a query: every thumbnail, player and viewer load asks for a fresh one.

export type PortalFileRef = {
  type: PortalFileType;
  /** approval_files[].id, an attachment's uid, or order_files[].id. */
  id: string | number;
  fileName: string;
};

export const fetchPortalFileLink = async (portalKey: string, file: PortalFileRef): Promise<string> =>
  (
    await keyLinkRequest('GET', portalPath(portalKey, 'file', file.type, file.id), {
      schema: portalFileLinkParser,
    })
  ).url;
