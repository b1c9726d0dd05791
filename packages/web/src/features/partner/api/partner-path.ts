import { keyLinkPath } from '../../../lib/key-link-fetch';

/** `/api/v2/partner/{key}/…/`, every segment encoded. */
export const partnerPath = (outsourceKey: string, ...segments: (string | number)[]): string =>
  keyLinkPath('/api/v2/partner', outsourceKey, ...segments);
