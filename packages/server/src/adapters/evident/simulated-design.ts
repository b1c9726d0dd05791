// The simulator's result file: a real binary STL (an 80-byte header, the triangle count, then 50 bytes
// per triangle), so it passes the same content check as a partner's file (size = 84 + 50·n). The shape is
// a box whose height grows with each redo, so the rounds' files differ.

const corners = (width: number, depth: number, height: number): [number, number, number][] => [
  [0, 0, 0],
  [width, 0, 0],
  [width, depth, 0],
  [0, depth, 0],
  [0, 0, height],
  [width, 0, height],
  [width, depth, height],
  [0, depth, height],
];

// Two triangles per face, listed counter-clockwise from outside, with the face's normal.
const faces: { normal: [number, number, number]; triangles: [number, number, number][] }[] = [
  { normal: [0, 0, -1], triangles: [[0, 2, 1], [0, 3, 2]] },
  { normal: [0, 0, 1], triangles: [[4, 5, 6], [4, 6, 7]] },
  { normal: [0, -1, 0], triangles: [[0, 1, 5], [0, 5, 4]] },
  { normal: [1, 0, 0], triangles: [[1, 2, 6], [1, 6, 5]] },
  { normal: [0, 1, 0], triangles: [[2, 3, 7], [2, 7, 6]] },
  { normal: [-1, 0, 0], triangles: [[3, 0, 4], [3, 4, 7]] },
];

export const buildDesignStl = (label: string, round: number): Buffer => {
  const points = corners(8, 10, 7 + round);
  const triangles = faces.flatMap((face) => face.triangles.map((t) => ({ normal: face.normal, t })));
  const buffer = Buffer.alloc(84 + 50 * triangles.length);
  // The header must not start with "solid", or readers take the file for an ASCII STL.
  buffer.write(`EVIDENT simulator design ${label}`.slice(0, 80).padEnd(80, ' '), 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  let offset = 84;
  for (const { normal, t } of triangles) {
    const values = [...normal, ...t.flatMap((index) => points[index] ?? [0, 0, 0])];
    for (const value of values) {
      buffer.writeFloatLE(value, offset);
      offset += 4;
    }
    // Attribute byte count.
    buffer.writeUInt16LE(0, offset);
    offset += 2;
  }
  return buffer;
};
