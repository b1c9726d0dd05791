import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalTypeSchema,
  branchSchema,
  catalogueItemSchema,
  catalogueParams,
  employeeSchema,
  implantPlatformSchema,
  jobTypeSchema,
  kitSchema,
  materialSchema,
  materialTypeSchema,
  messageTypeSchema,
  orderStageSchema,
  partnerSchema,
  statusClientNameBodySchema,
  statusParams,
  statusSchema,
} from '@lab/domain';
import { sendCachedAnswer, serialiseAnswer } from '../../cache/cached-answer';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import type { ReferenceList } from '../../realtime/events';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import * as lists from './lists';
import { findImplantPlatforms, findScrews, findTiBases } from './implant-catalogue';
import { createReferenceCache } from '../../cache/reference-cache';
import { setStatusClientName } from './status-client-name';

// The reference lists the screens load once at start, kept serialised in the process with their ETag
// (reference-cache.ts): a warm one is answered without the database, an unchanged one with a 304.

export const registerReferenceRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = deps;

  const list = <Row extends z.ZodType>(
    url: string,
    row: Row,
    load: (db: Db) => Promise<z.output<Row>[]>,
    stale: { list: ReferenceList; alsoAfter?: ReferenceList[] },
  ) => {
    const schema = z.array(row);
    const cache = createReferenceCache<null>(realtime, stale.list, stale.alsoAfter);
    api.get(url, { config: { access: 'staff' }, schema: { response: { 200: schema } } }, (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        cache,
        null,
        async () => ({ value: serialiseAnswer(schema, await load(db)) }),
        {
          perUser: false,
        },
      ),
    );
  };

  list('/api/v2/case/statuses/', statusSchema, lists.findStatuses, { list: 'statuses' });
  // The name clients see for a status (administrators; audited, and the lists above follow at once).
  api.put(
    '/api/v2/case/statuses/:status_id/client_name/',
    {
      config: { access: 'staff', permission: 'administer' },
      schema: { params: statusParams, body: statusClientNameBodySchema, response: { 200: statusSchema } },
    },
    (request) =>
      setStatusClientName(db, {
        actor: requireActor(request),
        statusId: request.params.status_id,
        body: request.body,
      }),
  );
  list('/api/v2/case/employees/', employeeSchema, lists.findEmployees, { list: 'employees' });
  list('/api/v2/case/branches/', branchSchema, lists.findBranches, { list: 'branches' });
  list('/api/v2/case/materials/', materialSchema, lists.findMaterials, {
    list: 'materials',
    alsoAfter: ['material_types'],
  });
  list('/api/v2/case/material_types/', materialTypeSchema, lists.findMaterialTypes, {
    list: 'material_types',
  });
  list('/api/v2/case/job_types/', jobTypeSchema, lists.findJobTypes, { list: 'job_types' });
  list('/api/v2/case/kit_list/', kitSchema, lists.findKits, { list: 'kits' });
  list('/api/v2/case/partners/', partnerSchema, lists.findPartners, { list: 'partners' });
  list('/api/v2/messages/types/', messageTypeSchema, lists.findMessageTypes, { list: 'message_types' });
  list('/api/v2/approvals/types/', approvalTypeSchema, lists.findApprovalTypes, { list: 'approval_types' });
  list('/api/v2/collections/order_stages/', orderStageSchema, lists.findOrderStages, {
    list: 'order_stages',
  });

  // The implant catalogue depends on the fulfillment branch and the client's country: one entry each.
  const catalogue = <Row extends z.ZodType>(
    url: string,
    row: Row,
    load: (db: Db, branchId: number, country: string) => Promise<z.output<Row>[]>,
  ) => {
    const schema = z.array(row);
    const cache = createReferenceCache<string>(realtime, 'implant_catalogue');
    api.get(
      url,
      { config: { access: 'staff' }, schema: { params: catalogueParams, response: { 200: schema } } },
      (request, reply) => {
        const { branch, country } = request.params;
        return sendCachedAnswer(
          request,
          reply,
          cache,
          `${branch}/${country}`,
          async () => ({ value: serialiseAnswer(schema, await load(db, branch, country)) }),
          { perUser: false },
        );
      },
    );
  };

  catalogue('/api/v2/implant_platforms/:branch/:country/', implantPlatformSchema, findImplantPlatforms);
  catalogue('/api/v2/components/screws/:branch/:country/', catalogueItemSchema, findScrews);
  catalogue('/api/v2/components/tibases/:branch/:country/', catalogueItemSchema, findTiBases);
};
