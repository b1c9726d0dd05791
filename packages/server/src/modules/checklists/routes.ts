import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  caseChecklistSchema,
  checklistItemParams,
  checklistMessages,
  checklistItemUpdateSchema,
  checklistParams,
  checklistTemplateListSchema,
  checklistTemplateParams,
  checklistTemplatePatchSchema,
  checklistTemplateSchema,
  newChecklistTemplateSchema,
} from '@lab/domain';
import { sendCachedAnswer, serialiseAnswer } from '../../cache/cached-answer';
import { createReferenceCache } from '../../cache/reference-cache';
import { createPolledEtagCache } from '../../cache/polled-etags';
import { sendRememberedPolledAnswer } from '../../http/polled-answer';
import type { Db } from '../../db/client';
import { requireActor } from '../../http/access';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { checkItem } from './check-item';
import { createTemplate } from './create-template';
import { deactivateTemplate } from './deactivate-template';
import { findChecklistCase, presentCaseChecklist } from './checklist-records';
import { listTemplates } from './list-templates';
import { uncheckItem } from './uncheck-item';
import { updateTemplate } from './update-template';

// QC checklists (collection-views §7 'Checklists'): a case's list, tick and untick, each write answering
// the list as GET does. And the templates the lists are copied from: staff read them, admins change them.
export const registerChecklistsRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const checklistAnswer = { response: { 200: caseChecklistSchema } };
  const templateAnswer = { response: { 200: checklistTemplateSchema } };
  // By case; stale with the case's collection (every tick and untick has its audit row).
  const checklistEtags = createPolledEtagCache<string>(deps.realtime);

  api.get(
    '/api/v2/checklists/:caseUid/',
    { config: { access: 'staff' }, schema: { params: checklistParams, ...checklistAnswer } },
    // Refetched with its collection (http/polled-answer.ts).
    async (request, reply) =>
      sendRememberedPolledAnswer(request, reply, caseChecklistSchema, {
        cache: checklistEtags,
        key: request.params.caseUid.toLowerCase(),
        load: async () => {
          const found = await findChecklistCase(db, request.params.caseUid);
          return { answer: await presentCaseChecklist(db, found), collections: [found.collection_uid] };
        },
      }),
  );

  api.post(
    '/api/v2/checklists/:caseUid/',
    {
      config: { access: 'staff', permission: 'tick_checklist_items' },
      schema: { params: checklistParams, body: checklistItemUpdateSchema, ...checklistAnswer },
    },
    async (request) =>
      checkItem(db, { rawCaseUid: request.params.caseUid, body: request.body, actor: requireActor(request) }),
  );

  api.delete(
    '/api/v2/checklists/:caseUid/:itemId/',
    {
      config: { access: 'staff', permission: 'tick_checklist_items' },
      schema: { params: checklistItemParams, ...checklistAnswer },
    },
    async (request) =>
      uncheckItem(db, {
        rawCaseUid: request.params.caseUid,
        rawItemId: request.params.itemId,
        actor: requireActor(request),
      }),
  );

  // Admins change them (each write publishes `checklist_templates`); kept serialised in the process.
  const templatesCache = createReferenceCache<null>(deps.realtime, 'checklist_templates', ['job_types']);
  api.get(
    '/api/v2/checklist_templates/',
    { config: { access: 'staff' }, schema: { response: { 200: checklistTemplateListSchema } } },
    (request, reply) =>
      sendCachedAnswer(
        request,
        reply,
        templatesCache,
        null,
        async () => ({ value: serialiseAnswer(checklistTemplateListSchema, await listTemplates(db)) }),
        { perUser: false },
      ),
  );

  api.post(
    '/api/v2/checklist_templates/',
    {
      config: { access: 'staff', permission: 'administer', refusal: checklistMessages.adminOnly },
      schema: { body: newChecklistTemplateSchema, response: { 201: checklistTemplateSchema } },
    },
    async (request, reply) => {
      const template = await createTemplate(db, { body: request.body, actor: requireActor(request) });
      return reply.status(201).send(template);
    },
  );

  api.patch(
    '/api/v2/checklist_templates/:id/',
    {
      config: { access: 'staff', permission: 'administer', refusal: checklistMessages.adminOnly },
      schema: { params: checklistTemplateParams, body: checklistTemplatePatchSchema, ...templateAnswer },
    },
    async (request) =>
      updateTemplate(db, {
        rawId: request.params.id,
        body: request.body,
        actor: requireActor(request),
      }),
  );

  api.delete(
    '/api/v2/checklist_templates/:id/',
    {
      config: { access: 'staff', permission: 'administer', refusal: checklistMessages.adminOnly },
      schema: { params: checklistTemplateParams, ...templateAnswer },
    },
    async (request) => deactivateTemplate(db, { rawId: request.params.id, actor: requireActor(request) }),
  );
};
