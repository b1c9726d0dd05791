import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { legacyCaseIdParams, schedulePreviewRequestSchema, scheduleSchema } from '@lab/domain';
import type { Db } from '../../db/client';
import { findCaseSchedule } from './case-schedule';
import { previewSchedule } from './preview-schedule';

export const registerScheduleRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // The id is parsed in the handler, not rejected by the schema: an id that cannot exist is 'Case not
  // found' (404) like an unknown one, not a 400.
  api.get(
    '/api/v2/case/:case_id/schedule/',
    {
      config: { access: 'staff' },
      schema: { params: legacyCaseIdParams, response: { 200: scheduleSchema } },
    },
    async (request) => findCaseSchedule(db, request.params.case_id),
  );

  api.post(
    '/api/v2/case/schedule/',
    {
      config: { access: 'staff', permission: 'work_on_cases' },
      schema: { body: schedulePreviewRequestSchema, response: { 200: scheduleSchema } },
    },
    async (request) => previewSchedule(db, request.body),
  );
};
