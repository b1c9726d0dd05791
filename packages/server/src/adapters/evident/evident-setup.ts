import type { Config } from '../../config';
import { createEvidentClient, type EvidentClient } from './client';

// What the integrated sender needs of the EVIDENT adapter: the client and the retry pace. One value so
// the app, the job runner and the tests pass it around whole.

export type EvidentSetup = {
  client: EvidentClient;
  /** First retry delay of a failed send (doubling per try, with jitter). */
  retryBaseSeconds: number;
};

type EvidentConfig = Pick<Config, 'evidentApiKey' | 'evidentTimeoutMs' | 'evidentRetryBaseSeconds'>;

export const createEvidentSetup = (config: EvidentConfig, baseUrl: string): EvidentSetup => ({
  client: createEvidentClient({ baseUrl, apiKey: config.evidentApiKey, timeoutMs: config.evidentTimeoutMs }),
  retryBaseSeconds: config.evidentRetryBaseSeconds,
});
