import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  duplicateFileChecks,
  meshChecks,
  meshThresholds,
  meshUnitsOf,
  preflightMessages,
  type MeshStats,
} from './mesh-checks';

const file = { id: 7, filename: 'upper-jaw.stl' };

/** A clean 45 × 38 × 14 mm upper arch with 150,000 triangles: it passes every check. */
const goodScan: MeshStats = {
  format: 'stl-binary',
  facets: 150_000,
  vertices: 450_000,
  nonFiniteVertices: 0,
  degenerateFacets: 0,
  bbox: { min: [-22.5, 0, -4], max: [22.5, 38, 10] },
  sha256: 'ab'.repeat(32),
  truncated: false,
};

const scaled = (stats: MeshStats, factor: number): MeshStats => ({
  ...stats,
  bbox: stats.bbox && {
    min: stats.bbox.min.map((v) => v * factor) as [number, number, number],
    max: stats.bbox.max.map((v) => v * factor) as [number, number, number],
  },
});

const codes = (stats: Parameters<typeof meshChecks>[1]) =>
  meshChecks(file, stats).map((check) => `${check.severity}:${check.code}`);

describe('meshChecks', () => {
  it('passes a clean millimetre scan with nothing to say', () => {
    expect(meshChecks(file, goodScan)).toEqual([]);
  });

  it('blocks a file that is not a mesh, giving the reader’s reason, and says nothing else', () => {
    const checks = meshChecks(file, { unreadable: true, reason: 'not an STL or PLY file' });
    expect(checks).toEqual([
      {
        code: 'mesh_unreadable',
        severity: 'block',
        file_id: 7,
        message:
          'upper-jaw.stl could not be read as a 3D scan (not an STL or PLY file). ' +
          'Ask the clinic to export it again as STL or PLY.',
      },
    ]);
  });

  it('blocks a cut-off file only for being cut off, whatever its partial counts say', () => {
    expect(codes({ ...goodScan, truncated: true, facets: 12, nonFiniteVertices: 3 })).toEqual([
      'block:mesh_truncated',
    ]);
  });

  it('blocks a mesh without triangles (an empty export or a point cloud)', () => {
    expect(codes({ ...goodScan, facets: 0, degenerateFacets: 0, bbox: null })).toEqual(['block:mesh_empty']);
  });

  it('warns under 1,000 triangles, naming the count; 1,000 is enough', () => {
    const [check] = meshChecks(file, { ...goodScan, facets: 999 });
    expect(check).toMatchObject({ code: 'mesh_too_few_facets', severity: 'warn' });
    expect(check?.message).toContain('only 999 triangles');
    expect(codes({ ...goodScan, facets: 1000 })).toEqual([]);
  });

  it('blocks any vertex with a NaN or infinite coordinate', () => {
    const [check] = meshChecks(file, { ...goodScan, nonFiniteVertices: 1 });
    expect(check).toMatchObject({ code: 'mesh_non_finite', severity: 'block', file_id: 7 });
    expect(check?.message).toBe(
      'upper-jaw.stl has 1 point with invalid coordinates (not a number), so the file is damaged. ' +
        'Ask the clinic to export it again.',
    );
  });

  it('warns when more than 1 % of the triangles have no area, and not at exactly 1 %', () => {
    expect(codes({ ...goodScan, degenerateFacets: 1500 })).toEqual([]);
    const [check] = meshChecks(file, { ...goodScan, degenerateFacets: 1501 });
    expect(check).toMatchObject({ code: 'mesh_degenerate', severity: 'warn' });
    expect(check?.message).toBe(
      '1% of the triangles in upper-jaw.stl (1,501 of 150,000) have no area. ' +
        'The mesh may need repairing before design.',
    );
  });

  it('blocks a scan saved in metres and says to scale it ×1000', () => {
    const [check] = meshChecks(file, scaled(goodScan, 0.001));
    expect(check).toMatchObject({ code: 'mesh_units', severity: 'block' });
    expect(check?.message).toBe(
      'upper-jaw.stl is only 0.045 units across, so it looks like it was saved in metres. ' +
        'Scale it ×1000 (to 45 mm) before design.',
    );
  });

  it('warns about a scan saved in inches and gives the ×25.4 it needs', () => {
    const [check] = meshChecks(file, scaled(goodScan, 1 / 25.4));
    expect(check).toMatchObject({ code: 'mesh_units', severity: 'warn' });
    expect(check?.message).toBe(
      'upper-jaw.stl is 1.77 units across, so it looks like it was saved in inches. ' +
        'Check it, and scale it ×25.4 (to 45 mm) before design.',
    );
  });

  it('warns about a scan larger than any mouth', () => {
    const [check] = meshChecks(file, scaled(goodScan, 100));
    expect(check).toMatchObject({ code: 'mesh_units', severity: 'warn' });
    expect(check?.message).toBe(
      'upper-jaw.stl is 4,500 mm across, larger than any dental scan: check the units it was exported in.',
    );
  });

  it('blocks a mesh whose points are all in one place', () => {
    const point: [number, number, number] = [1, 2, 3];
    expect(codes({ ...goodScan, degenerateFacets: 150_000, bbox: { min: point, max: point } })).toEqual([
      'warn:mesh_degenerate',
      'block:mesh_zero_size',
    ]);
  });

  it('reports every problem of a poor but readable file together', () => {
    expect(
      codes({ ...scaled(goodScan, 0.001), facets: 500, nonFiniteVertices: 2, degenerateFacets: 50 }),
    ).toEqual([
      'warn:mesh_too_few_facets',
      'block:mesh_non_finite',
      'warn:mesh_degenerate',
      'block:mesh_units',
    ]);
  });

  it('skips the units when no vertex is finite (the non-finite block says it all)', () => {
    expect(codes({ ...goodScan, nonFiniteVertices: 450_000, bbox: null })).toEqual(['block:mesh_non_finite']);
  });
});

describe('meshUnitsOf', () => {
  // The bands a 5–120 mm jaw falls in, in each unit, and the cuts between them.
  it.each([
    [0.005, 'metres'],
    [0.12, 'metres'],
    [0.1499, 'metres'],
    [0.15, 'inches'],
    [0.2, 'inches'],
    [4.7, 'inches'],
    [4.8, 'millimetres'],
    [5, 'millimetres'],
    [120, 'millimetres'],
    [300, 'millimetres'],
    [300.1, 'too-large'],
    [0, 'no-size'],
    [Number.NaN, 'no-size'],
  ] as const)('reads a largest extent of %s as %s', (extent, units) => {
    expect(meshUnitsOf(extent)).toBe(units);
  });

  it('tells the same jaw apart in metres, inches and millimetres, at any size from 5 to 120 mm', () => {
    fc.assert(
      fc.property(fc.double({ min: 5, max: 120, noNaN: true }), (mm) => {
        expect(meshUnitsOf(mm)).toBe('millimetres');
        expect(meshUnitsOf(mm / 1000)).toBe('metres');
        expect(meshUnitsOf(mm / 25.4)).toBe('inches');
      }),
    );
  });
});

const statsArbitrary: fc.Arbitrary<MeshStats> = fc
  .record({
    format: fc.constantFrom('stl-binary', 'stl-ascii', 'ply-ascii', 'ply-binary' as const),
    facets: fc.nat({ max: 2_000_000 }),
    nonFiniteVertices: fc.nat({ max: 10 }),
    degenerate: fc.double({ min: 0, max: 1, noNaN: true }),
    min: fc.tuple(
      fc.double({ min: -500, max: 500, noNaN: true }),
      fc.double({ min: -500, max: 500, noNaN: true }),
      fc.double({ min: -500, max: 500, noNaN: true }),
    ),
    size: fc.tuple(
      fc.double({ min: 0, max: 1000, noNaN: true }),
      fc.double({ min: 0, max: 1000, noNaN: true }),
      fc.double({ min: 0, max: 1000, noNaN: true }),
    ),
    hasBox: fc.boolean(),
    truncated: fc.boolean(),
  })
  .map((r) => ({
    format: r.format,
    facets: r.facets,
    vertices: r.facets * 3,
    nonFiniteVertices: r.nonFiniteVertices,
    degenerateFacets: Math.floor(r.facets * r.degenerate),
    bbox: r.hasBox
      ? {
          min: r.min,
          max: [r.min[0] + r.size[0], r.min[1] + r.size[1], r.min[2] + r.size[2]] as [number, number, number],
        }
      : null,
    sha256: '00'.repeat(32),
    truncated: r.truncated,
  }));

describe('meshChecks, for any stats', () => {
  const knownCodes = new Set([
    'mesh_unreadable',
    'mesh_truncated',
    'mesh_empty',
    'mesh_too_few_facets',
    'mesh_non_finite',
    'mesh_degenerate',
    'mesh_zero_size',
    'mesh_units',
  ]);

  it('gives known codes, each at most once, about this file, naming it', () => {
    fc.assert(
      fc.property(statsArbitrary, fc.string({ minLength: 1, maxLength: 40 }), (stats, filename) => {
        const checks = meshChecks({ id: 3, filename }, stats);
        expect(new Set(checks.map((c) => c.code)).size).toBe(checks.length);
        for (const check of checks) {
          expect(knownCodes.has(check.code)).toBe(true);
          expect(check.file_id).toBe(3);
          expect(check.message).toContain(filename);
        }
      }),
    );
  });

  it('blocks exactly when the file is cut off, empty, corrupt, in metres or without size', () => {
    fc.assert(
      fc.property(statsArbitrary, (stats) => {
        const isBlocked = meshChecks(file, stats).some((c) => c.severity === 'block');
        const extent = stats.bbox && Math.max(...stats.bbox.max.map((v, i) => v - (stats.bbox?.min[i] ?? 0)));
        const units = extent === null ? 'millimetres' : meshUnitsOf(extent);
        const shouldBlock =
          stats.truncated ||
          stats.facets === 0 ||
          stats.nonFiniteVertices > 0 ||
          units === 'metres' ||
          units === 'no-size';
        expect(isBlocked).toBe(shouldBlock);
      }),
    );
  });

  it('flags zero-area triangles exactly when they are over 1 % of a readable, non-empty file', () => {
    fc.assert(
      fc.property(statsArbitrary, (stats) => {
        const isFlagged = meshChecks(file, stats).some((c) => c.code === 'mesh_degenerate');
        const isReadable = !stats.truncated && stats.facets > 0;
        expect(isFlagged).toBe(
          isReadable && stats.degenerateFacets / stats.facets > meshThresholds.degenerateShare,
        );
      }),
    );
  });
});

describe('duplicateFileChecks', () => {
  it('flags the second and third copies, each naming the first', () => {
    const files = [
      { id: 1, filename: 'upper.stl', sha256: 'aa' },
      { id: 2, filename: 'lower.stl', sha256: 'bb' },
      { id: 3, filename: 'upper (1).stl', sha256: 'aa' },
      { id: 4, filename: 'upper-copy.stl', sha256: 'AA' },
    ];
    expect(duplicateFileChecks(files)).toEqual([
      {
        code: 'file_duplicate',
        severity: 'warn',
        message: 'upper (1).stl is the same file as upper.stl.',
        file_id: 3,
      },
      {
        code: 'file_duplicate',
        severity: 'warn',
        message: preflightMessages.fileDuplicate('upper-copy.stl', 'upper.stl'),
        file_id: 4,
      },
    ]);
  });

  it('never calls two unhashed files the same', () => {
    expect(
      duplicateFileChecks([
        { id: 1, filename: 'a.stl', sha256: '' },
        { id: 2, filename: 'b.stl', sha256: '' },
      ]),
    ).toEqual([]);
  });

  it('warns once for every file beyond the first of each hash, never for a first', () => {
    const filesArbitrary = fc
      .array(fc.constantFrom('h1', 'h2', 'h3', 'h4'), { maxLength: 30 })
      .map((hashes) => hashes.map((sha256, i) => ({ id: i + 1, filename: `scan-${i + 1}.stl`, sha256 })));
    fc.assert(
      fc.property(filesArbitrary, (files) => {
        const checks = duplicateFileChecks(files);
        expect(checks).toHaveLength(files.length - new Set(files.map((f) => f.sha256)).size);
        for (const check of checks) {
          const index = files.findIndex((f) => f.id === check.file_id);
          const first = files.find((f) => f.sha256 === files[index]?.sha256);
          expect(first && first.id).toBeLessThan(check.file_id ?? 0);
          expect(check.message).toBe(
            preflightMessages.fileDuplicate(`scan-${check.file_id}.stl`, first?.filename ?? ''),
          );
        }
      }),
    );
  });
});
