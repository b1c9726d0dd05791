import type { Order, OrderingPlatform } from '@lab/domain';
import { generateDentalArchStl } from './mesh/generate-sample-scan';

// A realistic order as an ordering platform sends it, with real scan files, for `npm run order:submit`
// (a newcomer watches one arrive) and the e2e walk. `flaw` plants what the Check-in desk should catch.

export const sampleOrderFlaws = ['none', 'metres', 'missing-scan'] as const;
export type SampleOrderFlaw = (typeof sampleOrderFlaws)[number];

const surnames = ['NGUYEN', 'SMITH', 'WILLIAMS', 'BROWN', 'TAYLOR', 'PATEL', 'KELLY', "O'BRIEN"];
const givenNames = ['Olivia', 'Jack', 'Mia', 'Noah', 'Chloe', 'Liam', 'Ava', 'Lucas'];

export type SampleOrder = { order: Order; files: Map<string, Uint8Array> };

export const buildSampleOrder = (options: {
  platform: OrderingPlatform;
  seed: number;
  flaw: SampleOrderFlaw;
}): SampleOrder => {
  const { seed, flaw } = options;
  const pick = <T>(list: readonly T[], offset: number): T => list[(seed + offset) % list.length] as T;
  const files = new Map<string, Uint8Array>([
    ['upper-arch.stl', generateDentalArchStl({ facets: 60_000, seed, scale: flaw === 'metres' ? 0.001 : 1 })],
    ['upper-scanbodies.stl', generateDentalArchStl({ facets: 30_000, seed: seed + 1 })],
    ['lower-arch.stl', generateDentalArchStl({ facets: 60_000, seed: seed + 2 })],
  ]);
  if (flaw !== 'missing-scan')
    files.set('bite.stl', generateDentalArchStl({ facets: 20_000, seed: seed + 3 }));
  const order: Order = {
    order_id: `${options.platform.toUpperCase()}-${seed}`,
    client: {
      account_number: 'BAYSIDE-001',
      email: 'orders@bayside-dental.example',
      name: 'Bayside Dental Studio',
      country: 'AU',
    },
    patient_reference: `${pick(surnames, 0)}, ${pick(givenNames, 3)}`,
    fulfillment_branch: 'Melbourne',
    cases: [
      {
        job_type: 'Screw-Retained Bridge',
        dentate: 'UPPER',
        teeth: [13, 14, 15, 16],
        implants: [
          { tooth: 13, platform: 'Nobel Biocare CC RP' },
          { tooth: 14, platform: null },
          { tooth: 16, platform: 'Nobel Biocare CC RP' },
        ],
        files: ['upper-arch.stl', 'upper-scanbodies.stl'],
      },
      {
        job_type: 'Screw-Retained Crown',
        dentate: 'LOWER',
        teeth: [36],
        implants: [{ tooth: 36, platform: 'Nobel Biocare CC NP' }],
        files: ['lower-arch.stl'],
      },
    ],
    order_form: {
      basic_information: { shade: 'A2', material: 'Zirconia', requested_by: 'Dr A. Lee' },
      upper: { design: 'Screw-retained bridge 13–16, pontic 14', gingiva: 'none' },
      lower: { design: 'Screw-retained crown 36' },
    },
    files: [...files.keys()].map((file_name) => ({ file_name })),
  };
  return { order, files };
};
