import { defineJob, type AnyJobDefinition } from '../../jobs/job-definition';
import { jobNames } from '../../jobs/job-names';
import { deriveMissingPickLots } from './pick-lots';

// Job 'pick-lots' (every 10 minutes): places the lot numbers of slips picked before the recall existed
// (or seeded) on their lines, twenty thousand slips a run, so a recall finds every patient.

export const warehouseJobs: AnyJobDefinition[] = [
  defineJob({
    name: jobNames.pickLots,
    settings: { policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    handle: async (_data, { db }) => {
      await deriveMissingPickLots(db, 20);
    },
    schedule: '*/10 * * * *',
  }),
];
