import { describe, expect, it } from 'vitest';
import { orderMessages } from '@lab/domain';
import {
  deskOrderTexts,
  draftToOrder,
  emptyOrderDraft,
  parseTeeth,
  type OrderDraft,
} from './desk-order-draft';

const scan = (name: string) => new File([new Uint8Array(4)], name);

const filled = (): OrderDraft => ({
  ...emptyOrderDraft(),
  client: { kind: 'existing', id: 7, name: 'Northcote Dental', country: 'AU' },
  patient_reference: ' NGUYEN, Tam ',
  shade: 'A2 ',
  components: [
    {
      job_type: 'Screw-Retained Bridge',
      dentate: 'UPPER',
      teeth: '13, 14 15;16',
      implant_teeth: '13 16',
      implant_platform: 'Nobel Biocare CC RP',
    },
  ],
  files: [
    { file: scan('upper.stl'), component: 0 },
    { file: scan('bite.ply'), component: null },
  ],
});

describe('parseTeeth', () => {
  it('reads teeth however a prescription lists them, each once', () => {
    expect(parseTeeth('13, 14 15;16 13')).toEqual({ teeth: [13, 14, 15, 16] });
    expect(parseTeeth('')).toEqual({ teeth: [] });
  });

  it('refuses what is no FDI tooth', () => {
    for (const text of ['19', '1', '13a', '113', '50'])
      expect(parseTeeth(text)).toEqual({ error: orderMessages.toothNotFdi });
  });
});

describe('draftToOrder', () => {
  it('makes the order the server takes: implants on their platform, files on their component', () => {
    const result = draftToOrder(filled(), 'Melbourne');
    expect(result).toEqual({
      order: {
        client: { client_id: 7 },
        patient_reference: 'NGUYEN, Tam',
        ordering_platform: 'oep',
        fulfillment_branch: 'Melbourne',
        cases: [
          {
            job_type: 'Screw-Retained Bridge',
            dentate: 'UPPER',
            teeth: [13, 14, 15, 16],
            implants: [
              { tooth: 13, platform: 'Nobel Biocare CC RP' },
              { tooth: 16, platform: 'Nobel Biocare CC RP' },
            ],
            files: ['upper.stl'],
          },
        ],
        order_form: { shade: 'A2' },
        files: [{ file_name: 'upper.stl' }, { file_name: 'bite.ply' }],
      },
    });
  });

  it('takes a new client by name and country', () => {
    const draft = {
      ...filled(),
      client: { kind: 'new' as const, name: 'Fitzroy Smiles', country: 'au', email: '' },
    };
    const result = draftToOrder(draft, null);
    expect('order' in result && result.order.client).toEqual({ name: 'Fitzroy Smiles', country: 'AU' });
    expect('order' in result && 'fulfillment_branch' in result.order).toBe(false);
  });

  it('names every field still to fix', () => {
    const draft: OrderDraft = {
      ...emptyOrderDraft(),
      client: { kind: 'new', name: 'No Country', country: '', email: '' },
      components: [
        { job_type: '', dentate: 'LOWER', teeth: '36 37', implant_teeth: '35', implant_platform: '' },
      ],
      files: [
        { file: scan('a.stl'), component: 0 },
        { file: scan('a.stl'), component: null },
      ],
    };
    expect(draftToOrder(draft, 'Melbourne')).toEqual({
      errors: {
        client: orderMessages.deskClientNeeded,
        patient_reference: deskOrderTexts.patientReferenceRequired,
        'cases.0.job_type': deskOrderTexts.jobTypeRequired,
        'cases.0.implant_teeth': deskOrderTexts.implantNotInTeeth,
        'cases.0.implant_platform': deskOrderTexts.implantPlatformRequired,
        'files.1': orderMessages.duplicateFile,
      },
    });
  });
});
