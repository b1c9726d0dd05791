import { eq } from 'drizzle-orm';
import {
  AppError,
  sanitizeFileName,
  uploadLimitBytes,
  uploadMessages,
  type CaseAction,
  type CaseActionName,
  type CollectionCase,
  type FileLinkAnswer,
  type FinishingAction,
  type Schedule,
} from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import { inTransaction, type Db, type Queryable, type Tx } from '../../db/client';
import { cases } from '../../db/schema/index';
import { loadCollection } from '../collections/load-collection';
import type { ActionInput, ActionResult, CaseActionHandler } from './action-types';
import { changeFinishingStatus } from './change-finishing-status';
import { cloneImplants } from './clone-implants';
import { editCase } from './edit-case';
import { editComponent } from './edit-component';
import { editGroupNumber } from './edit-group-number';
import { endImmediacy } from './end-immediacy';
import { caseNotFound, loadActionCase } from './load-action-case';
import { markAsDone } from './mark-as-done';
import { requestPickingSlip } from './picking-slip';
import { markReceived } from './received';
import { redoCase } from './redo-case';
import { startImmediacy } from './start-immediacy';
import { toggleWarranty } from './toggle-warranty';
import { updateTimes } from './update-times';
import {
  blurCaseFile,
  deleteCaseFile,
  linkCaseFile,
  restoreCaseFile,
  uploadCaseFiles,
} from './case-file-actions';
import { uploadReturnFile } from './upload-return-file';
import type { FileStorage } from '../../storage/file-storage';
import type { UploadedPart } from '../../http/multipart-upload';
import { editedImageName, forgetKeptFiles, keepUpload, type KeptFile } from '../files/store-file';

// POST /api/v2/case/{case_id}/ and POST /api/v2/finishing/{case_id}/: load and lock the case, run the
// action's handler, all in one transaction (a failure leaves nothing changed), then present the case as
// GET /api/v2/collection/{uid}/ lists it.

const handlers: { [Name in CaseActionName]: CaseActionHandler<Name> } = {
  received: markReceived,
  toggle_warranty: toggleWarranty,
  picking_slip: requestPickingSlip,
  edit_group_number: editGroupNumber,
  edit_component: editComponent,
  clone_implants: cloneImplants,
  edit_case: editCase,
  start_immediacy: startImmediacy,
  end_immediacy: endImmediacy,
  update_times: updateTimes,
  mark_as_done: markAsDone,
  redo_case: redoCase,
  upload_files: uploadCaseFiles,
  blur_file: blurCaseFile,
  delete_file: deleteCaseFile,
  file_link: linkCaseFile,
  restore_file: restoreCaseFile,
  upload_return_file: uploadReturnFile,
};

// Finishing actions issue no links; the file service's default.
const defaultLinkTtlMinutes = 15;

type RunOptions<Body> = { caseId: number | null; body: Body; actor: StaffActor };

const inActionTransaction = <Body, Result>(
  db: Db,
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
    });
  });

/** The per-category size limit, then type and content checks; the bytes go to storage before the transaction. */
const keepParts = async (
  storage: FileStorage,
  body: CaseAction,
  parts: readonly UploadedPart[],
): Promise<KeptFile[]> => {
  if (body.action !== 'upload_files' && body.action !== 'blur_file') return [];
  const limit = uploadLimitBytes[body.type];
  const kept: KeptFile[] = [];
  try {
    for (const part of parts) {
      if (part.received.size > limit) {
        throw new AppError('payload_too_large', {
          message: uploadMessages.tooLarge(sanitizeFileName(part.rawName), limit),
        });
      }
      // The image editor saves PNG whatever the part is called; the content check holds it to that.
      const rawName = body.action === 'blur_file' ? editedImageName : part.rawName;
      kept.push(await keepUpload(storage, { ...part, rawName }));
    }
  } catch (error) {
    await forgetKeptFiles(storage, kept);
    throw error;
  }
  return kept;
};

/** The case as the collection lists it (same presenter, so the web can put it straight in its cache). */
export const presentActionCase = async (q: Queryable, caseUid: string): Promise<CollectionCase> => {
  const [found] = await q
    .select({ collection_uid: cases.collection_uid })
    .from(cases)
    .where(eq(cases.uid, caseUid))
    .limit(1);
  if (!found) throw caseNotFound();
  const collection = await loadCollection(q, found.collection_uid);
  const presented = collection.cases.find((c) => c.uid === caseUid);
  if (!presented) throw caseNotFound();
  return presented;
};

export const runCaseAction = async (
  db: Db,
  options: RunOptions<CaseAction> & {
    storage: FileStorage;
    parts: readonly UploadedPart[];
    linkTtlMinutes: number;
  },
): Promise<CollectionCase | Schedule | FileLinkAnswer> => {
  const kept = await keepParts(options.storage, options.body, options.parts);
  let result: ActionResult;
  try {
    result = await inActionTransaction(db, { ...options, kept }, (tx, input): Promise<ActionResult> => {
      // Each handler takes its own member of the union; the map guarantees the pairing.
      const handler = handlers[input.body.action] as CaseActionHandler<CaseActionName>;
      return handler(tx, input as ActionInput<never>);
    });
  } catch (error) {
    // Nothing committed points at the stored bytes.
    await forgetKeptFiles(options.storage, kept);
    throw error;
  }
  if (result.kind === 'schedule') return result.schedule;
  if (result.kind === 'link') return { url: result.url };
  return presentActionCase(db, result.caseUid);
};

export const runFinishingAction = async (
  db: Db,
  options: RunOptions<FinishingAction>,
): Promise<CollectionCase> => {
  const caseUid = await inActionTransaction(db, options, changeFinishingStatus);
  return presentActionCase(db, caseUid);
};
