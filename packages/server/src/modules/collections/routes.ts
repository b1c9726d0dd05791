import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addComponentSchema,
  collectionActionPermissionOf,
  collectionActionAnswerSchema,
  collectionActionSchema,
  collectionCaseSchema,
  collectionParams,
  collectionPatchSchema,
  collectionSchema,
} from '@lab/domain';
import type { Db } from '../../db/client';
import { checkActionPermissions, requireActor } from '../../http/access';
import { createPolledEtagCache } from '../../cache/polled-etags';
import { sendRememberedPolledAnswer } from '../../http/polled-answer';
import type { RealtimeBus } from '../../realtime/realtime-bus';
import { addComponent } from './add-component';
import { parseCollectionUid, requireCollection } from './collection-queries';
import { runCollectionAction } from './list-actions';
import { loadCollection } from './load-collection';
import { patchCollection } from './patch-collection';
import { findShownCollections } from './shown-collections';

export const registerCollectionsRoutes = (
  app: FastifyInstance,
  deps: { db: Db; realtime: RealtimeBus },
): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // The same answer for every employee: one tag per collection.
  const collectionEtags = createPolledEtagCache<string>(deps.realtime);

  api.get(
    '/api/v2/collection/:uid/',
    {
      config: { access: 'staff' },
      schema: { params: collectionParams, response: { 200: collectionSchema } },
    },
    // Open pages refresh it every 30 s (http/polled-answer.ts).
    async (request, reply) => {
      const uid = parseCollectionUid(request.params.uid);
      return sendRememberedPolledAnswer(request, reply, collectionSchema, {
        cache: collectionEtags,
        key: uid,
        load: async () => {
          const answer = await loadCollection(db, uid);
          return { answer, collections: await findShownCollections(db, answer) };
        },
      });
    },
  );

  api.patch(
    '/api/v2/collection/:uid/',
    {
      config: { access: 'staff', permission: 'edit_collection_details' },
      schema: { params: collectionParams, body: collectionPatchSchema, response: { 200: collectionSchema } },
    },
    async (request) => {
      const uid = await patchCollection(db, {
        rawUid: request.params.uid,
        patch: request.body,
        actor: requireActor(request),
      });
      return loadCollection(db, uid);
    },
  );

  api.post(
    '/api/v2/collection/:uid/',
    {
      config: { access: 'staff', permission: 'per_action' },
      preValidation: checkActionPermissions(collectionActionPermissionOf),
      schema: {
        params: collectionParams,
        body: collectionActionSchema,
        response: { 200: collectionActionAnswerSchema },
      },
    },
    async (request) => {
      const collectionUid = await requireCollection(db, request.params.uid);
      return runCollectionAction({ db, collectionUid, actor: requireActor(request), body: request.body });
    },
  );

  api.post(
    '/api/v2/collection/:uid/component/',
    {
      config: { access: 'staff', permission: 'edit_case_details' },
      schema: { params: collectionParams, body: addComponentSchema, response: { 201: collectionCaseSchema } },
    },
    async (request, reply) => {
      const { collectionUid, caseUid } = await addComponent(db, {
        rawUid: request.params.uid,
        body: request.body,
        actor: requireActor(request),
      });
      const collection = await loadCollection(db, collectionUid);
      const created = collection.cases.find((c) => c.uid === caseUid);
      if (!created) throw new Error('the added case is missing from its collection');
      return reply.status(201).send(created);
    },
  );
};
