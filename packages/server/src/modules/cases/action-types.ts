import type { CaseAction, CaseActionName, Schedule } from '@lab/domain';
import type { StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import type { KeptFile } from '../files/store-file';
import type { CaseEvents } from './case-events';
import type { ActionCase } from './load-action-case';

// What every case action handler takes and answers. A handler runs inside the action's transaction on
// the locked case; the route presents the answer after commit.

export type CaseActionBody<Name extends CaseActionName> = Extract<CaseAction, { action: Name }>;

export type ActionInput<Body> = {
  actionCase: ActionCase;
  body: Body;
  actor: StaffActor;
  /** One instant for every stamp the action writes. */
  now: Date;
  /** The checked, stored files of a multipart action (upload_files, blur_file); empty otherwise. */
  kept: readonly KeptFile[];
  /** How long a one-time file link lasts (file_link). */
  linkTtlMinutes: number;
  /** The app's case events: a status change is published there (planStatusChange). */
  events: CaseEvents;
};

/** The case to present (the acted-on case, or a new one), the schedule update_times answers, or file_link's address. */
export type ActionResult =
  | { kind: 'case'; caseUid: string }
  | { kind: 'schedule'; schedule: Schedule }
  | { kind: 'link'; url: string };

export type CaseActionHandler<Name extends CaseActionName> = (
  tx: Tx,
  input: ActionInput<CaseActionBody<Name>>,
) => Promise<ActionResult>;

export const answerCase = (caseUid: string): ActionResult => ({ kind: 'case', caseUid });

/** A module's slice of the case actions: one handler for each of its members of the union. */
export type CaseActionHandlers<Names extends CaseActionName> = { [Name in Names]: CaseActionHandler<Name> };
