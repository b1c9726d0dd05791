import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  assignInboxItemSchema,
  customerServiceInboxSchema,
  customerServiceMessages,
  inboxItemStateSchema,
  maxDatabaseInteger,
} from '@lab/domain';
import { requireActor } from '../../http/access';
import type { Db } from '../../db/client';
import { loadCustomerServiceInbox } from './inbox';
import { assignInboxItem, markInboxItemDone } from './inbox-items';

// The Customer Service inbox (issue 30): GET its lists per branch, assign an item, mark it done.

const inboxQuery = z.object({
  branch_id: z.coerce.number().int().positive().max(maxDatabaseInteger).optional(),
});
const itemParams = z.object({ item_key: z.string().max(80) });

export const registerCustomerServiceRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/api/v2/customer_service/',
    {
      config: { access: 'staff' },
      schema: { querystring: inboxQuery, response: { 200: customerServiceInboxSchema } },
    },
    async (request) => {
      const inbox = await loadCustomerServiceInbox(db, {
        askedBranchId: request.query.branch_id,
        ownBranchId: requireActor(request).branch_id,
      });
      if (!inbox) throw new AppError('not_found', { message: customerServiceMessages.unknownBranch });
      return inbox;
    },
  );

  api.put(
    '/api/v2/customer_service/items/:item_key/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { params: itemParams, body: assignInboxItemSchema, response: { 200: inboxItemStateSchema } },
    },
    (request) =>
      assignInboxItem(db, {
        key: request.params.item_key,
        assigneeId: request.body.assignee_id,
        actor: requireActor(request),
      }),
  );

  api.post(
    '/api/v2/customer_service/items/:item_key/done/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { params: itemParams, response: { 200: inboxItemStateSchema } },
    },
    (request) => markInboxItemDone(db, { key: request.params.item_key, actor: requireActor(request) }),
  );
};
