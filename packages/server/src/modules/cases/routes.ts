import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  caseActionResponseSchema,
  caseActionSchema,
  finishingActionAnswerSchema,
  finishingActionSchema,
  legacyCaseIdParams,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import { runCaseAction, runFinishingAction } from './run-case-action';

// The case actions (case-workspace §7 'Case actions') and the finishing status selector. The id is parsed
// in the handler, not refused by the schema: an id that cannot exist is 'Case not found' (404).
export const registerCasesRoutes = (app: FastifyInstance, deps: { db: Db }): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.post(
    '/api/v2/case/:case_id/',
    {
      config: { access: 'staff' },
      schema: {
        params: legacyCaseIdParams,
        body: caseActionSchema,
        response: { 200: caseActionResponseSchema },
      },
    },
    async (request) =>
      runCaseAction(db, { caseId: request.params.case_id, body: request.body, actor: requireActor(request) }),
  );

  api.post(
    '/api/v2/finishing/:case_id/',
    {
      config: { access: 'staff' },
      schema: {
        params: legacyCaseIdParams,
        body: finishingActionSchema,
        response: { 200: finishingActionAnswerSchema },
      },
    },
    async (request) =>
      runFinishingAction(db, {
        caseId: request.params.case_id,
        body: request.body,
        actor: requireActor(request),
      }),
  );
};
