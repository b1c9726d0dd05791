// The simulator's result file: a real binary STL (an 80-byte header, the triangle count, then 50 bytes
// per triangle), so it passes the same content check as a partner's file (size = 84 + 50·n). The shape is
// a box whose height grows with each redo, so the rounds' files differ.

type Point = [number, number, number];

const corners = (width: number, depth: number, height: number): Point[] => [
  [0, 0, 0],
  [width, 0, 0],
  [width, depth, 0],
  [0, depth, 0],
  [0, 0, height],
  [width, 0, height],
  [width, depth, height],
  [0, depth, height],
];

// Two triangles per face, counter-clockwise seen from outside (so the normals point out).
const triangles: [number, number, number][] = [
  [0, 2, 1],
  [0, 3, 2],
  [4, 5, 6],
  [4, 6, 7],
  [0, 1, 5],
  [0, 5, 4],
  [1, 2, 6],
  [1, 6, 5],
  [2, 3, 7],
  [2, 7, 6],
  [3, 0, 4],
  [3, 4, 7],
];

const minus = (p: Point, q: Point): Point => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];

/** The unit normal of triangle abc: (b − a) × (c − a), scaled to length 1. */
const unitNormal = (a: Point, b: Point, c: Point): Point => {
  const [u, v] = [minus(b, a), minus(c, a)];
  const n: Point = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
};

export const buildDesignStl = (label: string, round: number): Buffer => {
  const points = corners(8, 10, 7 + round);
  const buffer = Buffer.alloc(84 + 50 * triangles.length);
  // The header must not start with "solid", or readers take the file for an ASCII STL.
  buffer.write(`EVIDENT simulator design ${label}`.slice(0, 80).padEnd(80, ' '), 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  let offset = 84;
  for (const [i, j, k] of triangles) {
    const [a, b, c] = [points[i], points[j], points[k]] as [Point, Point, Point];
    for (const value of [...unitNormal(a, b, c), ...a, ...b, ...c]) {
      buffer.writeFloatLE(value, offset);
      offset += 4;
    }
    // Attribute byte count.
    buffer.writeUInt16LE(0, offset);
    offset += 2;
  }
  return buffer;
};
