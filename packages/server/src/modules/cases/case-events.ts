import type { ClientActor, StaffActor } from '../../auth/actor';
import type { Tx } from '../../db/client';
import type { ActionCase, StatusRecord } from './load-action-case';

// What happens to a case, told inside the write transaction to the modules that react to it (invoicing
// bills a dispatched case), so the cases module knows nothing of them. Unlike the realtime events
// (realtime/events.ts: ids for open pages, delivered after commit), these are in-process and synchronous:
// every handler gets the transaction, runs before the change is saved, and a throw rolls the whole change
// back. Handlers run one after another in the order they subscribed (app.ts), so the order is fixed.

/** What every case event says: which case, who acted, when (the action's one instant). */
type CaseEventBase = {
  caseUid: string;
  collectionUid: string;
  /** An employee; or the client, whose answer to an approval moves the case (issue 30). */
  actor: StaffActor | ClientActor;
  at: Date;
  /** Adds field → {old, new} to the case audit row of the change (e.g. the invoice the case went onto). */
  recordOnCaseAudit: (field: string, oldValue: unknown, newValue: unknown) => void;
};

/** The case moves to another status (edit_case, finishing, mark_as_done, a dispatch, an outsource start). */
export type CaseStatusChanged = CaseEventBase & {
  type: 'case.status_changed';
  from: StatusRecord;
  to: StatusRecord;
};

/** The case moves to DISPATCHED from any other status: it has left the lab. */
export type CaseDispatched = CaseEventBase & {
  type: 'case.dispatched';
  /** Only staff dispatch. */
  actor: StaffActor;
  /** The case as the action loaded and locked it (its row as it was before the move), with its collection. */
  actionCase: ActionCase;
};

export type CaseEvent = CaseStatusChanged | CaseDispatched;
export type CaseEventType = CaseEvent['type'];
export type CaseEventOf<Type extends CaseEventType> = Extract<CaseEvent, { type: Type }>;
export type CaseEventHandler<Type extends CaseEventType> = (
  tx: Tx,
  event: CaseEventOf<Type>,
) => Promise<void>;

/** One app's registry: modules subscribe at start, the cases module publishes inside its transactions. */
export type CaseEvents = {
  on: <Type extends CaseEventType>(type: Type, handler: CaseEventHandler<Type>) => void;
  /** Runs the event's handlers in subscription order, each awaited before the next. */
  publish: (tx: Tx, event: CaseEvent) => Promise<void>;
};

// One registry per app, never a module-level one: tests build several apps in one process, and a
// subscription must not leak from one app into another.
export const createCaseEvents = (): CaseEvents => {
  // Kept by type, so a handler is only ever called with an event of its own type.
  const handlers = new Map<CaseEventType, ((tx: Tx, event: never) => Promise<void>)[]>();
  return {
    on: (type, handler) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    publish: async (tx, event) => {
      for (const handler of handlers.get(event.type) ?? []) await handler(tx, event as never);
    },
  };
};
