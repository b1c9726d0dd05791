import fc from 'fast-check';
import { meshChecks } from '@lab/domain';
import { describe, expect, it } from 'vitest';
import { generateDentalArchStl } from './generate-sample-scan';
import { asciiStl, binaryStl, boxOf, trianglesOf, type Triangle } from './mesh-test-fixtures';
import { readMeshStats } from './read-mesh';
import { checksOf, failureOf, largestExtent, sha256, statsOf } from './mesh-test-reads';

// Binary and ASCII STL files read for real (read-stl.ts), and the checks their readings raise.

const withHeader = (stl: Uint8Array, header: string): Uint8Array => {
  const copy = stl.slice();
  copy.fill(0x20, 0, 80);
  copy.set(new TextEncoder().encode(header));
  return copy;
};

describe('a binary STL', () => {
  const arch = generateDentalArchStl({ facets: 2400 });

  it('of a dental arch in millimetres reads exactly and passes every check', () => {
    expect(arch.byteLength).toBe(84 + 50 * 2400);
    expect(statsOf(arch)).toEqual({
      format: 'stl-binary',
      facets: 2400,
      vertices: 7200,
      nonFiniteVertices: 0,
      degenerateFacets: 0,
      bbox: boxOf(trianglesOf(arch).flat()),
      sha256: sha256(arch),
      truncated: false,
    });
    // The sample arch is about 59 mm across: a jaw, in millimetres.
    expect(largestExtent(statsOf(arch))).toBeCloseTo(58.2, 0);
    expect(checksOf('upper.stl', arch)).toEqual([]);
  });

  it('whose header starts with "solid" is still read as binary (its size matches its count)', () => {
    const solidHeader = withHeader(arch, 'solid arch exported by a scanner that writes ASCII-style headers');
    expect(statsOf(solidHeader)).toMatchObject({ format: 'stl-binary', facets: 2400, degenerateFacets: 0 });
    expect(checksOf('upper.stl', solidHeader)).toEqual([]);
  });

  it('cut off part-way counts its whole triangles and is blocked as truncated', () => {
    const cut = arch.subarray(0, 84 + 50 * 1000 + 17);
    expect(statsOf(cut)).toMatchObject({
      format: 'stl-binary',
      facets: 1000,
      vertices: 3000,
      truncated: true,
    });
    expect(meshChecks({ id: 4, filename: 'upper.stl' }, readMeshStats(cut))).toEqual([
      {
        code: 'mesh_truncated',
        severity: 'block',
        file_id: 4,
        message:
          'upper.stl is incomplete: the file stops part-way through the scan, so it was cut off during ' +
          'export or upload. Ask the clinic to send it again.',
      },
    ]);
    // A "solid" header does not turn a cut binary file into a broken ASCII one.
    expect(statsOf(withHeader(cut, 'solid scan'))).toMatchObject({ format: 'stl-binary', truncated: true });
  });

  it('saved in metres is blocked with the ×1000 it needs', () => {
    const metres = generateDentalArchStl({ facets: 2400, scale: 0.001 });
    expect(largestExtent(statsOf(metres))).toBeCloseTo(0.0582, 3);
    const [check, ...others] = meshChecks({ id: 1, filename: 'upper.stl' }, readMeshStats(metres));
    expect(others).toEqual([]);
    expect(check).toMatchObject({ code: 'mesh_units', severity: 'block' });
    expect(check?.message).toContain('saved in metres. Scale it ×1000 (to 58.2 mm)');
  });

  it('counts zero-area triangles, and warns when they are over 1 %', () => {
    const triangles = trianglesOf(generateDentalArchStl({ facets: 2000 }));
    const flattened = triangles.map((triangle, f): Triangle => {
      const [a] = triangle;
      if (f % 100 === 0) return [a, a, a]; // collapsed to a point
      if (f % 100 === 50)
        return [
          [1, 1, 1],
          [2, 2, 2],
          [4, 4, 4],
        ]; // a line
      return triangle;
    });
    const stats = statsOf(binaryStl(flattened));
    expect(stats.degenerateFacets).toBe(40);
    const [check] = meshChecks({ id: 1, filename: 'lower.stl' }, stats);
    expect(check?.code).toBe('mesh_degenerate');
    expect(check?.message).toContain('2% of the triangles in lower.stl (40 of 2,000) have no area');
  });

  it('calls a triangle degenerate when its cross product is shorter than 1e-12', () => {
    const sliver: Triangle = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1e-13, 0],
    ];
    const thin: Triangle = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1e-11, 0],
    ];
    expect(statsOf(binaryStl([sliver, thin])).degenerateFacets).toBe(1);
  });

  it('counts a vertex with a NaN coordinate, keeps it out of the box, and is blocked for it', () => {
    const bytes = binaryStl([
      [
        [0, 0, 0],
        [10, 0, 0],
        [Number.NaN, 5, 0],
      ],
      [
        [0, 0, 0],
        [10, 0, 0],
        [0, 20, Number.POSITIVE_INFINITY],
      ],
    ]);
    expect(statsOf(bytes)).toMatchObject({
      nonFiniteVertices: 2,
      degenerateFacets: 0,
      bbox: { min: [0, 0, 0], max: [10, 0, 0] },
    });
    expect(checksOf('upper.stl', bytes)).toContain('block:mesh_non_finite');
  });

  it('reads any triangles as their float32 values, box and counts exact', () => {
    // (+ 0 turns -0 into 0: the box's min of 0 and -0 may be either.)
    const coordinate = fc.double({ min: -500, max: 500, noNaN: true }).map((v) => Math.fround(v) + 0);
    const point = fc.tuple(coordinate, coordinate, coordinate);
    fc.assert(
      fc.property(fc.array(fc.tuple(point, point, point), { maxLength: 60 }), (triangles) => {
        const stats = statsOf(binaryStl(triangles));
        expect(stats).toMatchObject({ format: 'stl-binary', facets: triangles.length, truncated: false });
        expect(stats.vertices).toBe(3 * triangles.length);
        expect(stats.nonFiniteVertices).toBe(0);
        expect(stats.bbox).toEqual(triangles.length === 0 ? null : boxOf(triangles.flat()));
      }),
    );
  });

  it('cut anywhere after its first triangle reports the whole triangles before the cut as truncated', () => {
    const small = generateDentalArchStl({ facets: 120 });
    fc.assert(
      fc.property(fc.integer({ min: 84 + 50, max: small.byteLength - 1 }), (length) => {
        expect(statsOf(small.subarray(0, length))).toMatchObject({
          facets: Math.floor((length - 84) / 50),
          truncated: true,
        });
      }),
    );
  });
});

describe('an ASCII STL', () => {
  it('in metres reads to the same numbers as its binary twin, and is blocked with ×1000', () => {
    const triangles = trianglesOf(generateDentalArchStl({ facets: 2000, scale: 0.001 }));
    const bytes = asciiStl(triangles, 'upper_jaw');
    expect(statsOf(bytes)).toEqual({
      format: 'stl-ascii',
      facets: 2000,
      vertices: 6000,
      nonFiniteVertices: 0,
      degenerateFacets: 0,
      bbox: boxOf(triangles.flat()),
      sha256: sha256(bytes),
      truncated: false,
    });
    const [check, ...others] = meshChecks({ id: 1, filename: 'upper.stl' }, readMeshStats(bytes));
    expect(others).toEqual([]);
    expect(check).toMatchObject({ code: 'mesh_units', severity: 'block' });
    expect(check?.message).toContain('×1000');
  });

  it('with a "nan" coordinate counts it as non-finite and is blocked', () => {
    const bytes = asciiStl([
      [
        [0, 0, 0],
        [1, 0, 0],
        ['nan', 1, 0],
      ],
      [
        [0, 0, 0],
        [0, 1, 0],
        [0, 0, '1.#QNAN'],
      ],
      [
        [0, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    ]);
    expect(statsOf(bytes)).toMatchObject({
      format: 'stl-ascii',
      facets: 3,
      vertices: 9,
      nonFiniteVertices: 2,
      bbox: { min: [0, 0, 0], max: [1, 1, 1] },
    });
    expect(checksOf('upper.stl', bytes)).toEqual([
      'warn:mesh_too_few_facets',
      'block:mesh_non_finite',
      'warn:mesh_units', // 1 unit across: inches, or a fragment
    ]);
  });

  it('cut off inside a facet counts the facets before it and is truncated', () => {
    const whole = new TextDecoder().decode(asciiStl(trianglesOf(generateDentalArchStl({ facets: 10 }))));
    const cut = whole.slice(0, whole.indexOf('endfacet', whole.indexOf('endfacet') + 1) - 10);
    expect(statsOf(new TextEncoder().encode(cut))).toMatchObject({ facets: 1, truncated: true });
  });

  it('with several solids (one per part) reads them all', () => {
    const one = new TextDecoder().decode(
      asciiStl(
        [
          [
            [0, 0, 0],
            [9, 0, 0],
            [0, 9, 0],
          ],
        ],
        'a',
      ),
    );
    const two = new TextDecoder().decode(
      asciiStl(
        [
          [
            [0, 0, 9],
            [9, 0, 9],
            [0, 9, 9],
          ],
        ],
        'b',
      ),
    );
    expect(statsOf(new TextEncoder().encode(`${one}${two}`))).toMatchObject({ facets: 2, truncated: false });
  });

  it('named in any language (bytes over 127 in its first line) is still read as text', () => {
    const bytes = asciiStl(
      [
        [
          [0, 0, 0],
          [9, 0, 0],
          [0, 9, 0],
        ],
      ],
      'Oberkiefer–Zahnbogen_für_Krone',
    );
    expect(statsOf(bytes)).toMatchObject({ format: 'stl-ascii', facets: 1 });
  });

  it('that is not facets and vertices is unreadable, naming the line', () => {
    const bytes = new TextEncoder().encode('solid notes\nthis is a text file about a scan\n');
    expect(failureOf(bytes).reason).toBe('line 2: expected "facet" or "endsolid" but found "this"');
  });

  it('with a four-cornered facet is unreadable', () => {
    const bytes = asciiStl([
      [
        [0, 0, 0],
        [1, 0, 0],
        [1, 1, 0],
        [0, 1, 0],
      ],
    ]);
    expect(failureOf(bytes).reason).toContain('more than 3 vertices');
  });
});
