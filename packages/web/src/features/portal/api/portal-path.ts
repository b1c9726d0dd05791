import { keyLinkPath } from '../../../lib/key-link-fetch';

/** `/api/v2/customer/{key}/…/`, every segment encoded. */
export const portalPath = (portalKey: string, ...segments: (string | number)[]): string =>
  keyLinkPath('/api/v2/customer', portalKey, ...segments);
