import { eq } from 'drizzle-orm';
import type {
  CaseAction,
  CaseActionName,
  CollectionCase,
  FileLinkAnswer,
  FinishingAction,
  Schedule,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { cases } from '../../db/schema/index';
import type { UploadedPart } from '../../http/multipart-upload';
import type { FileStorage } from '../../storage/file-storage';
import { loadCollectionCase } from '../collections/load-collection';
import type { KeptFile } from '../files/store-file';
import type { ActionInput, ActionResult, CaseActionHandler, CaseActionHandlers } from './action-types';
import type { CaseActionPlugins } from './case-action-plugins';
import { caseActionHandlers } from './case-actions';
import type { CaseEvents } from './case-events';
import { changeFinishingStatus } from './change-finishing-status';
import { caseNotFound, loadActionCase } from './load-action-case';

// POST /api/v2/case/{case_id}/ and POST /api/v2/finishing/{case_id}/: load and lock the case, run the
// action's handler, all in one transaction (a failure leaves nothing changed), then present the case as
// GET /api/v2/collection/{uid}/ lists it. One runner per app, built at start with what it runs on and the
// other modules' plug-ins (case-action-plugins.ts).

// Finishing actions issue no links; the file service's default.
const defaultLinkTtlMinutes = 15;

type RunOptions<Body> = { caseId: number | null; body: Body; actor: StaffActor };

export type CaseActionRunnerDeps = {
  db: Db;
  storage: FileStorage;
  events: CaseEvents;
  plugins: CaseActionPlugins;
};

export type CaseActionRunner = {
  runCaseAction: (
    options: RunOptions<CaseAction> & { parts: readonly UploadedPart[]; linkTtlMinutes: number },
  ) => Promise<CollectionCase | Schedule | FileLinkAnswer>;
  runFinishingAction: (options: RunOptions<FinishingAction>) => Promise<CollectionCase>;
};

/** The case as the collection lists it (same presenter, so the web can put it straight in its cache). */
export const presentActionCase = async (
  q: Queryable,
  caseUid: string,
  // The collection the action loaded, when the runner knows it: one lookup fewer.
  knownCollectionUid?: string,
): Promise<CollectionCase> => {
  if (knownCollectionUid) {
    const presented = await loadCollectionCase(q, knownCollectionUid, caseUid);
    if (presented) return presented;
  }
  const [found] = await q
    .select({ collection_uid: cases.collection_uid })
    .from(cases)
    .where(eq(cases.uid, caseUid))
    .limit(1);
  if (!found) throw caseNotFound();
  const presented = await loadCollectionCase(q, found.collection_uid, caseUid);
  if (!presented) throw caseNotFound();
  return presented;
};

export const createCaseActionRunner = (deps: CaseActionRunnerDeps): CaseActionRunner => {
  const { db, storage, events, plugins } = deps;
  // Every module's slice joined; the type fails the build when an action of the union has no handler.
  const handlers: CaseActionHandlers<CaseActionName> = { ...caseActionHandlers, ...plugins.handlers };

  const inActionTransaction = <Body, Result>(
    options: RunOptions<Body> & { kept?: readonly KeptFile[]; linkTtlMinutes?: number },
    work: (tx: Tx, input: ActionInput<Body>) => Promise<Result>,
  ): Promise<Result> =>
    inTransaction(db, async (tx) => {
      const actionCase = await loadActionCase(tx, options.caseId);
      return work(tx, {
        actionCase,
        body: options.body,
        actor: options.actor,
        now: new Date(),
        kept: options.kept ?? [],
        linkTtlMinutes: options.linkTtlMinutes ?? defaultLinkTtlMinutes,
        events,
      });
    });

  return {
    runCaseAction: async (options) => {
      const kept = await plugins.keepParts(storage, options.body, options.parts);
      let result: ActionResult;
      let collectionUid: string | undefined;
      try {
        result = await inActionTransaction({ ...options, kept }, (tx, input): Promise<ActionResult> => {
          collectionUid = input.actionCase.row.collection_uid;
          // Each handler takes its own member of the union; the map guarantees the pairing.
          const handler = handlers[input.body.action] as CaseActionHandler<CaseActionName>;
          return handler(tx, input as ActionInput<never>);
        });
      } catch (error) {
        // Nothing committed points at the stored bytes.
        await plugins.forgetKept(storage, kept);
        throw error;
      }
      if (result.kind === 'schedule') return result.schedule;
      if (result.kind === 'link') return { url: result.url };
      // A handler answers a case of the collection it acted in; another is looked up.
      return presentActionCase(db, result.caseUid, collectionUid);
    },
    runFinishingAction: async (options) => {
      const caseUid = await inActionTransaction(options, changeFinishingStatus);
      return presentActionCase(db, caseUid);
    },
  };
};
