import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from './handle-types';

// A request that must know whether its write committed (one sent with an Idempotency-Key) gives a step
// that `inTransaction` runs inside each transaction the request commits, so the mark and the write
// commit together or not at all. The request is found through an AsyncLocalStorage, which on Node 20
// hooks every promise of the process while it is enabled (docs/decisions/2026-11-27-transaction-scope-
// without-async-local-storage.md): it is enabled only while such a request runs, and disabled when the
// last one ends, so the server pays nothing between them.

export type CommitMark = (tx: Tx) => Promise<void>;

const marks = new AsyncLocalStorage<CommitMark>();
let marksRunning = 0;

/** Runs `work` (and everything it starts) with `mark`; `endCommitMark` must follow once it is over. */
export const runWithCommitMark = <T>(mark: CommitMark, work: () => T): T => {
  marksRunning += 1;
  return marks.run(mark, work);
};

/** One request with a mark is over: the last one switches the storage off again. */
export const endCommitMark = (): void => {
  marksRunning = Math.max(0, marksRunning - 1);
  if (marksRunning === 0) marks.disable();
};

/** The mark of the request this code runs for, if it gave one. */
export const currentCommitMark = (): CommitMark | undefined => marks.getStore();
