import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { meshChecks, type MeshReadFailure, type MeshStats } from '@lab/domain';
import { describe, expect, it } from 'vitest';
import { generateDentalArchStl } from './generate-sample-scan';
import {
  asciiStl,
  binaryStl,
  boxOf,
  plyFile,
  surfacePatch,
  trianglesOf,
  type PlyFixtureElement,
  type Point,
  type Triangle,
} from './mesh-test-fixtures';
import { readMeshStats } from './read-mesh';

// Every file here is built in code (mesh-test-fixtures.ts, generate-sample-scan.ts); expected numbers come
// from the fixture's own points, not from the reader.

const statsOf = (bytes: Uint8Array): MeshStats => {
  const result = readMeshStats(bytes);
  if ('unreadable' in result) throw new Error(`expected a readable scan, got: ${result.reason}`);
  return result;
};

const failureOf = (bytes: Uint8Array): MeshReadFailure => {
  const result = readMeshStats(bytes);
  if (!('unreadable' in result))
    throw new Error(`expected an unreadable file, got ${JSON.stringify(result)}`);
  return result;
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const checksOf = (filename: string, bytes: Uint8Array) =>
  meshChecks({ id: 1, filename }, readMeshStats(bytes)).map((c) => `${c.severity}:${c.code}`);

const largestExtent = (stats: MeshStats) =>
  Math.max(...[0, 1, 2].map((axis) => (stats.bbox?.max[axis] ?? 0) - (stats.bbox?.min[axis] ?? 0)));

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

/** The patch's vertices with normals and colour, the faces as quads plus a pentagon and a lone edge. */
const patchElements = (
  coordinateType: string,
  faceList: [string, string],
  faceListName = 'vertex_indices',
): PlyFixtureElement[] => {
  const { points, quads } = surfacePatch(30, 20);
  return [
    {
      name: 'vertex',
      properties: [
        { name: 'x', type: coordinateType },
        { name: 'y', type: coordinateType },
        { name: 'z', type: coordinateType },
        { name: 'nx', type: 'float' },
        { name: 'ny', type: 'float' },
        { name: 'nz', type: 'float' },
        { name: 'red', type: 'uchar' },
        { name: 'green', type: 'uchar' },
        { name: 'blue', type: 'uchar' },
      ],
      rows: points.map((p) => [...p, 0, 0, 1, 230, 180, 170]),
    },
    {
      name: 'face',
      properties: [
        { name: 'flags', type: 'uchar' },
        { name: faceListName, list: faceList },
      ],
      rows: [...quads, [32, 33, 64, 63, 62], [5, 6]].map((corners) => [0, corners]),
    },
  ];
};

const patchPoints = surfacePatch(30, 20).points;
// 600 quads as 2 triangles each, the pentagon as 3, the edge as none.
const patchFacets = 600 * 2 + 3;

describe('a PLY', () => {
  it('in ASCII, with normals, colours and quads, reads exactly and passes every check', () => {
    const bytes = plyFile('ascii', patchElements('float', ['uchar', 'int']));
    expect(statsOf(bytes)).toEqual({
      format: 'ply-ascii',
      facets: patchFacets,
      vertices: patchPoints.length,
      nonFiniteVertices: 0,
      degenerateFacets: 0,
      bbox: boxOf(patchPoints),
      sha256: sha256(bytes),
      truncated: false,
    });
    expect(checksOf('lower.ply', bytes)).toEqual([]);
  });

  it('in binary little-endian, with doubles, other list types and an element before the vertices', () => {
    const elements: PlyFixtureElement[] = [
      { name: 'camera', properties: [{ name: 'view', list: ['uint8', 'float32'] }], rows: [[[1, 2, 3]]] },
      ...patchElements('double', ['uint8', 'uint32'], 'vertex_index'),
      { name: 'edge', properties: [{ name: 'vertex1', type: 'int' }], rows: [[1]] },
    ];
    const stats = statsOf(plyFile('binary_little_endian', elements));
    expect(stats).toMatchObject({
      format: 'ply-binary',
      facets: patchFacets,
      vertices: patchPoints.length,
      degenerateFacets: 0,
      bbox: boxOf(patchPoints),
      truncated: false,
    });
  });

  it('in binary with float32 coordinates boxes their float32 values, big-endian too', () => {
    const float32Box = boxOf(
      patchPoints.map((p): Point => [Math.fround(p[0]), Math.fround(p[1]), Math.fround(p[2])]),
    );
    for (const format of ['binary_little_endian', 'binary_big_endian'] as const) {
      const stats = statsOf(plyFile(format, patchElements('float32', ['uchar', 'int16'])));
      expect(stats).toMatchObject({ format: 'ply-binary', facets: patchFacets, bbox: float32Box });
    }
  });

  it('cut off in its faces is truncated, counting the faces read', () => {
    const bytes = plyFile('binary_little_endian', patchElements('float', ['uchar', 'int']));
    // The last 30 faces (1 + 1 + 4 × 4 = 18 bytes each) and the pentagon and edge are cut.
    const cut = bytes.subarray(0, bytes.byteLength - (1 + 1 + 4 * 5) - (1 + 1 + 4 * 2) - 30 * 18);
    expect(statsOf(cut)).toMatchObject({
      facets: (600 - 30) * 2,
      vertices: patchPoints.length,
      truncated: true,
    });
  });

  it('of points only (a point cloud) has no triangles and is blocked as empty', () => {
    const [vertices] = patchElements('float', ['uchar', 'int']);
    const bytes = plyFile('ascii', vertices ? [vertices] : []);
    expect(statsOf(bytes)).toMatchObject({
      facets: 0,
      vertices: patchPoints.length,
      bbox: boxOf(patchPoints),
    });
    expect(checksOf('scan.ply', bytes)).toEqual(['block:mesh_empty']);
  });

  it('whose face names a vertex that is not there is unreadable', () => {
    const elements = patchElements('float', ['uchar', 'int']);
    elements[1]?.rows.push([0, [0, 1, 5000]]);
    expect(failureOf(plyFile('ascii', elements)).reason).toBe(
      'a face refers to vertex 5000, but there are only 651',
    );
  });

  it('without z, or without a vertex list on its faces, or in an unknown format, is unreadable', () => {
    const flat = plyFile('ascii', [
      {
        name: 'vertex',
        properties: [
          { name: 'x', type: 'float' },
          { name: 'y', type: 'float' },
        ],
        rows: [[0, 0]],
      },
    ]);
    expect(failureOf(flat).reason).toBe('its vertices have no x, y and z');
    const noList = patchElements('float', ['uchar', 'int']);
    noList[1] = { name: 'face', properties: [{ name: 'flags', type: 'uchar' }], rows: [[0]] };
    expect(failureOf(plyFile('ascii', noList)).reason).toBe('its faces have no vertex_indices list');
    const odd = new TextEncoder().encode('ply\nformat binary_middle_endian 1.0\nend_header\n');
    expect(failureOf(odd).reason).toBe('the PLY format "binary_middle_endian 1.0" is not one we read');
  });
});

describe('a PLY with a hostile count', () => {
  it('whose list length is negative is unreadable rather than read backwards', () => {
    const header =
      'ply\nformat binary_little_endian 1.0\nelement vertex 0\nproperty float x\nproperty float y\n' +
      'property float z\nelement face 1\nproperty list char int vertex_indices\nend_header\n';
    const bytes = new Uint8Array([...new TextEncoder().encode(header), 0xff]);
    expect(failureOf(bytes).reason).toBe(
      'a list length or vertex index is not a whole number from 0 up (-1)',
    );
  });

  it('promising more vertices than the file holds is truncated, not a huge allocation', () => {
    const header =
      'ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\n' +
      'property float y\nproperty float z\nend_header\n';
    const bytes = new Uint8Array([...new TextEncoder().encode(header), ...new Uint8Array(12 * 5)]);
    expect(statsOf(bytes)).toMatchObject({ vertices: 5, truncated: true });
  });
});

describe('a file that is not a scan', () => {
  it('when empty is unreadable, and the check says so by name', () => {
    expect(readMeshStats(new Uint8Array(0))).toEqual({ unreadable: true, reason: 'the file is empty' });
    expect(meshChecks({ id: 9, filename: 'upper.stl' }, readMeshStats(new Uint8Array(0)))).toEqual([
      {
        code: 'mesh_unreadable',
        severity: 'block',
        file_id: 9,
        message:
          'upper.stl could not be read as a 3D scan (the file is empty). ' +
          'Ask the clinic to export it again as STL or PLY.',
      },
    ]);
  });

  it('of random bytes is unreadable', () => {
    const noise = new Uint8Array(
      Buffer.concat(
        Array.from({ length: 320 }, (_, i) => createHash('sha256').update(`noise ${i}`).digest()),
      ),
    );
    expect(readMeshStats(noise)).toEqual({ unreadable: true, reason: 'it is not an STL or PLY file' });
  });

  it('of any bytes, even behind an STL or PLY opening, never throws and never counts more than it read', () => {
    const openings = [
      '',
      'solid x\n',
      'solid x\nfacet normal 0 0 0\nouter loop\nvertex ',
      'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n',
      'ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty double x\nproperty double y\nproperty double z\nend_header\n',
      'ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nelement face 3\nproperty list char short vertex_indices\nend_header\n',
    ];
    const bytes = fc
      .tuple(
        fc.constantFrom(...openings),
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }),
          fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
        ),
      )
      .map(([opening, rest]) => new Uint8Array([...new TextEncoder().encode(opening), ...rest]));
    fc.assert(
      fc.property(bytes, (file) => {
        const result = readMeshStats(file);
        if ('unreadable' in result) return;
        expect(result.degenerateFacets).toBeLessThanOrEqual(result.facets);
        expect(result.nonFiniteVertices).toBeLessThanOrEqual(result.vertices);
      }),
      { numRuns: 500 },
    );
  });
});
