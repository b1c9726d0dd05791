import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { meshChecks } from '@lab/domain';
import { describe, expect, it } from 'vitest';
import { readMeshStats } from './read-mesh';
import {} from './mesh-test-reads';

// Files that are no scan at all: readMeshStats answers why, and never throws.

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
