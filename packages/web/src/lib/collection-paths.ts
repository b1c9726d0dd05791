// The collection's read paths, apart from their schemas: the page starts them before its code has loaded
// (app/collection-page/collection-early-data.ts), and the queries ask the very same paths.

/** GET /api/v2/collection/{uid}/ */
export const collectionPath = (uid: string): string => `/api/v2/collection/${encodeURIComponent(uid)}/`;

/** GET /api/v2/collection/{uid}/messages/?extra-ref={client uid}: the collection's and the client's notes. */
export const messagesPath = (collectionUid: string, clientUid: string): string =>
  `${collectionPath(collectionUid)}messages/?extra-ref=${encodeURIComponent(clientUid)}`;

/** GET /api/v2/collection/{uid}/communicationlogs/: the e-mails and pushes sent about the collection. */
export const communicationsPath = (collectionUid: string): string =>
  `${collectionPath(collectionUid)}communicationlogs/`;
