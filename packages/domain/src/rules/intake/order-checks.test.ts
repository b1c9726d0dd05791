import { describe, expect, it } from 'vitest';
import type { MeshStats } from './mesh-checks';
import {
  forTheClinic,
  namedKindOf,
  orderCheckMessages,
  preflightChecks,
  type PreflightInput,
} from './order-checks';

const goodScan = (sha256: string): MeshStats => ({
  format: 'stl-binary',
  facets: 120_000,
  vertices: 360_000,
  nonFiniteVertices: 0,
  degenerateFacets: 0,
  bbox: { min: [0, 0, 0], max: [58, 33, 11] },
  sha256,
  truncated: false,
});

const bridge = (overrides: Partial<PreflightInput> = {}): PreflightInput => ({
  dentate: 'UPPER',
  jobType: 'Screw-Retained Bridge',
  productClass: 'Final Prosthesis',
  requiredKinds: ['arch_scan', 'opposing_scan', 'bite_scan', 'scan_body_scan'],
  files: [
    { id: 1, filename: 'upper-arch.stl', state: 'complete', mesh: goodScan('a') },
    { id: 2, filename: 'upper-scanbodies.stl', state: 'complete', mesh: goodScan('b') },
    { id: 3, filename: 'LowerJaw.stl', state: 'complete', mesh: goodScan('c') },
    { id: 4, filename: 'bite.stl', state: 'complete', mesh: goodScan('d') },
  ],
  implants: [
    { tooth: 13, platform_id: 7 },
    { tooth: 14, platform_id: null },
  ],
  orderForm: { basic_information: { shade: 'A2', material: 'Zirconia' } },
  otherCaseFiles: [],
  ...overrides,
});

describe('file kinds from their names', () => {
  it('tells scan bodies, bites and jaws apart, scan bodies first', () => {
    expect(namedKindOf('upper-scanbodies.stl')).toEqual({ kind: 'scan_body' });
    expect(namedKindOf('SB_16.stl')).toEqual({ kind: 'scan_body' });
    expect(namedKindOf('Bite_Buccal.ply')).toEqual({ kind: 'bite' });
    expect(namedKindOf('Oberkiefer.stl')).toEqual({ kind: 'jaw', jaw: 'upper' });
    expect(namedKindOf('Mandibular.stl')).toEqual({ kind: 'jaw', jaw: 'lower' });
    expect(namedKindOf('photo.jpg')).toBeNull();
  });
});

describe('the pre-flight of a case', () => {
  it('is ready when every file is there and the prescription is whole', () => {
    expect(preflightChecks(bridge())).toEqual({ ready: true, checks: [] });
  });

  it('blocks on a missing required scan and warns on one not yet received', () => {
    const result = preflightChecks(
      bridge({
        files: [
          { id: 1, filename: 'upper-arch.stl', state: 'complete', mesh: goodScan('a') },
          { id: 3, filename: 'lower.stl', state: 'pending', mesh: null },
          { id: 4, filename: 'bite.stl', state: 'complete', mesh: goodScan('d') },
        ],
      }),
    );
    expect(result.ready).toBe(false);
    expect(result.checks).toEqual([
      {
        code: 'file_missing',
        severity: 'block',
        message: orderCheckMessages.fileMissing('scan-body scan', 'Screw-Retained Bridge'),
      },
      {
        code: 'file_not_received',
        severity: 'warn',
        message: orderCheckMessages.fileNotReceived('lower.stl'),
        file_id: 3,
      },
    ]);
  });

  it('blocks an implant case without a platform, a tooth in the other jaw, and a final without shade or material', () => {
    const result = preflightChecks(
      bridge({ implants: [{ tooth: 36, platform_id: null }], orderForm: { notes: 'as discussed' } }),
    );
    expect(result.checks.map((c) => c.code)).toEqual([
      'implant_missing',
      'tooth_outside_jaw',
      'shade_missing',
      'material_missing',
    ]);
    expect(result.checks[1]?.message).toBe('Tooth 36 is not in the upper jaw this case restores.');
  });

  it('carries each scan’s own checks and flags the same scan sent twice', () => {
    const metres: MeshStats = { ...goodScan('e'), bbox: { min: [0, 0, 0], max: [0.058, 0.033, 0.011] } };
    const result = preflightChecks(
      bridge({
        files: [
          ...bridge().files,
          { id: 5, filename: 'upper-copy.stl', state: 'complete', mesh: goodScan('a') },
          { id: 6, filename: 'lower-metres.stl', state: 'complete', mesh: metres },
        ],
      }),
    );
    expect(result.ready).toBe(false);
    expect(result.checks.map((c) => [c.code, c.file_id])).toEqual([
      ['mesh_units', 6],
      ['file_duplicate', 5],
    ]);
  });

  it('asks a non-final job type for no shade, and a case without a jaw for no arch scan', () => {
    const guide = preflightChecks({
      dentate: 'NONE',
      jobType: 'Design Only',
      productClass: 'Other',
      requiredKinds: ['arch_scan'],
      files: [],
      otherCaseFiles: [],
      implants: [],
      orderForm: {},
    });
    expect(guide).toEqual({ ready: true, checks: [] });
  });

  it('asks a case whose dentate is not set for no particular jaw', () => {
    const unset = preflightChecks(
      bridge({ dentate: null, files: bridge().files.filter((f) => f.id === 4 || f.id === 2) }),
    );
    expect(unset).toEqual({ ready: true, checks: [] });
  });

  it('finds the opposing jaw among the order’s other cases’ files', () => {
    const withoutLower = bridge().files.filter((f) => f.id !== 3);
    expect(preflightChecks(bridge({ files: withoutLower })).ready).toBe(false);
    expect(preflightChecks(bridge({ files: withoutLower, otherCaseFiles: ['lower-arch.stl'] })).ready).toBe(
      true,
    );
  });
});

describe('a check as the clinic reads it', () => {
  it('drops the lab’s advice to ask the clinic', () => {
    expect(forTheClinic(orderCheckMessages.fileMissing('bite scan', 'Screw-Retained Crown'))).toBe(
      'No bite scan among the files: a Screw-Retained Crown needs one.',
    );
    expect(forTheClinic(orderCheckMessages.shadeMissing)).toBe(orderCheckMessages.shadeMissing);
  });
});
