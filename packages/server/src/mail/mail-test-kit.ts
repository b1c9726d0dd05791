import type { TestApp } from '../testing';
import type { ReceivedMail } from './local-mailbox';

// Mail sent by a job arrives after the job's worker picked it up: tests wait for it, with a deadline.

export const waitForMail = async (
  test: TestApp,
  matches: (mail: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = test.listMailbox().find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail arrived in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Waits until `check` holds (a row a job writes after the mail went out). */
export const eventually = async <T>(
  check: () => Promise<T | null | undefined>,
  timeoutMs = 15_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
