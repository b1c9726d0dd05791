import { describe, expect, it } from 'vitest';
import { isSurface, parseModel } from './model-scene';

// Copied into this realm's ArrayBuffer: the loaders check `instanceof ArrayBuffer`, and jsdom's
// TextEncoder answers with another realm's buffer.
const toBuffer = (text: string): ArrayBuffer => {
  const bytes = new TextEncoder().encode(text);
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
};

const asciiStl = `solid tooth
facet normal 0 0 1
  outer loop
    vertex 0 0 0
    vertex 10 0 0
    vertex 0 10 0
  endloop
endfacet
endsolid tooth
`;

const colouredPly = `ply
format ascii 1.0
element vertex 3
property float x
property float y
property float z
property uchar red
property uchar green
property uchar blue
element face 1
property list uchar int vertex_indices
end_header
0 0 0 255 0 0
4 0 0 0 255 0
0 4 0 0 0 255
3 0 1 2
`;

const pointCloudPly = `ply
format ascii 1.0
element vertex 2
property float x
property float y
property float z
end_header
0 0 0
1 1 1
`;

describe('parseModel', () => {
  it('reads an ASCII STL with its normals and bounding sphere', () => {
    const geometry = parseModel(toBuffer(asciiStl), 'stl');
    expect(geometry.getAttribute('position').count).toBe(3);
    expect(geometry.hasAttribute('normal')).toBe(true);
    expect(geometry.boundingSphere?.radius).toBeGreaterThan(0);
    expect(isSurface(geometry, 'stl')).toBe(true);
  });

  it('computes normals for a PLY surface without them and keeps its vertex colours', () => {
    const geometry = parseModel(toBuffer(colouredPly), 'ply');
    expect(isSurface(geometry, 'ply')).toBe(true);
    expect(geometry.hasAttribute('normal')).toBe(true);
    expect(geometry.getAttribute('normal').getZ(0)).toBeCloseTo(1);
    expect(geometry.hasAttribute('color')).toBe(true);
  });

  it('treats a PLY without faces as a point cloud', () => {
    const geometry = parseModel(toBuffer(pointCloudPly), 'ply');
    expect(isSurface(geometry, 'ply')).toBe(false);
    expect(geometry.hasAttribute('normal')).toBe(false);
  });

  it('refuses a file without vertices', () => {
    expect(() => parseModel(toBuffer('solid empty\nendsolid empty\n'), 'stl')).toThrow();
  });
});
