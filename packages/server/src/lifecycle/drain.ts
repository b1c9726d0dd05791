// SIGTERM (a supervisor, a deploy) or SIGINT (Ctrl-C) drains the process: the app stops listening, ends
// the event streams with a hint to reconnect, lets the requests and jobs under way finish, and the
// database closes last (main.ts closes its parts newest first). A drain that has not finished within
// the budget ends the process anyway, with code 1: a supervisor waits for an exit, not for a hung close.

/** From the signal to the exit, within the grace a supervisor gives before its SIGKILL (10 s or more). */
export const drainBudgetMs = 10_000;
/** Requests still running this long after the signal are cut (an upload is then refused, whole). */
export const requestGraceMs = 6_000;
/** Jobs still running this long after the signal are failed, for pg-boss to retry elsewhere or later. */
export const jobGraceMs = 6_000;

let drainStartedAt: number | null = null;

/** Closes everything (`closeAll`), then exits 0; exits 1 once the budget is spent. */
export const drainAndExit = async (
  signal: NodeJS.Signals,
  closeAll: () => Promise<void>,
  budgetMs = drainBudgetMs,
): Promise<void> => {
  if (drainStartedAt !== null) {
    // A second Ctrl-C must not cut the embedded database's close short: the budget ends it anyway.
    console.log(`${signal}: already stopping (at most ${budgetMs / 1000} s)`);
    return;
  }
  drainStartedAt = performance.now();
  console.log(`${signal}: draining, then stopping (at most ${budgetMs / 1000} s)`);
  setTimeout(() => {
    console.error(`Still draining after ${budgetMs / 1000} s: stopping now`);
    process.exit(1);
  }, budgetMs);
  await closeAll();
  console.log(`Drained and stopped in ${Math.round(performance.now() - drainStartedAt)} ms`);
  process.exit(0);
};
