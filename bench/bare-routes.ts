// The bare twin of every measured route: the app's own loader (the same SQL through the same driver)
// behind a plain Fastify route, without authentication, validation, response schemas or hooks. What the
// real route costs beyond this is what its request pipeline adds.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../packages/server/src/db/client';
import { users } from '../packages/server/src/db/schema/index';
import { getCaseChecklist } from '../packages/server/src/modules/checklists/get-case-checklist';
import { loadCollection } from '../packages/server/src/modules/collections/load-collection';
import { readFileLock } from '../packages/server/src/modules/files/file-lock';
import { listCollectionMessages } from '../packages/server/src/modules/messages/message-queries';
import { listOpenNotifications } from '../packages/server/src/modules/notifications/notification-queries';
import { findPortalClient } from '../packages/server/src/modules/portal/portal-client';
import { loadPortalCollection } from '../packages/server/src/modules/portal/load-portal-collection';
import { findStatuses } from '../packages/server/src/modules/reference/lists';
import { searchCollections } from '../packages/server/src/modules/search/collection-search';

type Uid = { Params: { uid: string } };

/** The signed-in bench user (the demo designer), whose notifications and read receipts are read. */
const findViewerId = async (db: Db): Promise<number> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'designer')).limit(1);
  if (!row) throw new Error('the data set has no demo user "designer"');
  return row.id;
};

// The portal's key lookup as its access hook runs it.
const requirePortalClient = async (db: Db, key: string) => {
  const client = await findPortalClient(db, key);
  if (!client) throw new Error('unknown portal key');
  return client;
};

export const registerBareRoutes = async (bare: FastifyInstance, db: Db): Promise<void> => {
  const viewerId = await findViewerId(db);
  bare.get('/api/version/', async () => ({ version: 'bench' }));
  bare.post<{ Body: { keyword: string } }>('/api/v2/collections/', async (request) =>
    searchCollections(db, request.body.keyword),
  );
  bare.get('/api/v2/case/statuses/', async () => findStatuses(db));
  bare.get<Uid>('/api/v2/collection/:uid/', async (request) => loadCollection(db, request.params.uid));
  bare.get<Uid>('/api/v2/collection/:uid/messages/', async (request) =>
    listCollectionMessages(db, { rawUid: request.params.uid, extraRef: undefined, viewerId }),
  );
  bare.get('/api/v2/messages/notifications/', async () => listOpenNotifications(db, viewerId));
  bare.get<Uid>('/api/v2/event/:uid/', async (request) => {
    const lock = await readFileLock(db, request.params.uid);
    return { locked: lock?.locked ?? false, locked_until: lock?.locked_until?.toISOString() ?? null };
  });
  bare.get<{ Params: { portal_key: string } }>('/api/v2/customer/:portal_key/', async (request) =>
    loadPortalCollection(db, await requirePortalClient(db, request.params.portal_key)),
  );
  bare.get<{ Params: { caseUid: string } }>('/api/v2/checklists/:caseUid/', async (request) =>
    getCaseChecklist(db, request.params.caseUid),
  );
};
