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
  statusSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import * as lists from './lists';
import { findImplantPlatforms, findScrews, findTiBases } from './implant-catalogue';

export const registerReferenceRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  const list = <Row extends z.ZodType>(url: string, row: Row, load: (db: Db) => Promise<z.output<Row>[]>) =>
    api.get(url, { config: { access: 'staff' }, schema: { response: { 200: z.array(row) } } }, () =>
      load(db),
    );

  list('/api/v2/case/statuses/', statusSchema, lists.findStatuses);
  list('/api/v2/case/employees/', employeeSchema, lists.findEmployees);
  list('/api/v2/case/branches/', branchSchema, lists.findBranches);
  list('/api/v2/case/materials/', materialSchema, lists.findMaterials);
  list('/api/v2/case/material_types/', materialTypeSchema, lists.findMaterialTypes);
  list('/api/v2/case/job_types/', jobTypeSchema, lists.findJobTypes);
  list('/api/v2/case/kit_list/', kitSchema, lists.findKits);
  list('/api/v2/case/partners/', partnerSchema, lists.findPartners);
  list('/api/v2/messages/types/', messageTypeSchema, lists.findMessageTypes);
  list('/api/v2/approvals/types/', approvalTypeSchema, lists.findApprovalTypes);
  list('/api/v2/collections/order_stages/', orderStageSchema, lists.findOrderStages);

  // The implant catalogue depends on the fulfillment branch and the client's country.
  const catalogue = <Row extends z.ZodType>(
    url: string,
    row: Row,
    load: (db: Db, branchId: number, country: string) => Promise<z.output<Row>[]>,
  ) =>
    api.get(
      url,
      { config: { access: 'staff' }, schema: { params: catalogueParams, response: { 200: z.array(row) } } },
      (request) => load(db, request.params.branch, request.params.country),
    );

  catalogue('/api/v2/implant_platforms/:branch/:country/', implantPlatformSchema, findImplantPlatforms);
  catalogue('/api/v2/components/screws/:branch/:country/', catalogueItemSchema, findScrews);
  catalogue('/api/v2/components/tibases/:branch/:country/', catalogueItemSchema, findTiBases);
};
