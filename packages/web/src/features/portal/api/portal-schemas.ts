import type { PortalApproval, PortalCollection, PortalFileLink, PortalMessage } from '@lab/domain';
import type { Parser } from '../../../lib/api-client';

// The schemas of the portal's answers, downloaded as a request starts (key-link-fetch.ts): the first view
// paints before zod arrives, and the schemas download while the collection is asked for.

const loadSchemas = () => import('./portal-answer-schemas');

export const portalCollectionParser = (): Promise<Parser<PortalCollection>> =>
  loadSchemas().then((schemas) => schemas.portalCollectionSchema);
export const portalApprovalAnswerParser = (): Promise<Parser<PortalApproval>> =>
  loadSchemas().then((schemas) => schemas.portalApprovalAnswerSchema);
export const portalMessageAnswerParser = (): Promise<Parser<PortalMessage>> =>
  loadSchemas().then((schemas) => schemas.portalMessageAnswerSchema);
export const portalFileLinkParser = (): Promise<Parser<PortalFileLink>> =>
  loadSchemas().then((schemas) => schemas.portalFileLinkSchema);
