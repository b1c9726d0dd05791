import { describe, expect, it } from 'vitest';
import { boxOf, plyFile, surfacePatch, type PlyFixtureElement, type Point } from './mesh-test-fixtures';
import { checksOf, failureOf, sha256, statsOf } from './mesh-test-reads';

// PLY files, ASCII and binary, read for real (read-ply.ts), hostile counts included.

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
