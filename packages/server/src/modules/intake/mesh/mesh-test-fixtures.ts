// Scan files built in code for the mesh tests: small, exact and readable, so no binary fixture is kept in
// the repository. Each builder writes the format by the book, independently of the readers under test.

export type Point = readonly [number, number, number];
export type Triangle = readonly [Point, Point, Point];

/** A binary STL of `triangles` (normals left zero, as many exporters do). */
export const binaryStl = (triangles: readonly Triangle[], header = 'fixture'): Uint8Array => {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(header.slice(0, 80)));
  view.setUint32(80, triangles.length, true);
  triangles.forEach((triangle, f) => {
    triangle.flat().forEach((value, k) => view.setFloat32(84 + 50 * f + 12 + 4 * k, value, true));
  });
  return bytes;
};

/** The triangles of a binary STL, as its float32 values read back. */
export const trianglesOf = (stl: Uint8Array): Triangle[] => {
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  const count = view.getUint32(80, true);
  const value = (f: number, k: number) => view.getFloat32(84 + 50 * f + 12 + 4 * k, true);
  return Array.from({ length: count }, (_, f): Triangle => {
    const point = (c: number): Point => [value(f, 3 * c), value(f, 3 * c + 1), value(f, 3 * c + 2)];
    return [point(0), point(1), point(2)];
  });
};

/** An ASCII STL; a coordinate given as a string is written as it is ("nan", "1.#QNAN"). */
export const asciiStl = (
  triangles: readonly (readonly (readonly (number | string)[])[])[],
  name = 'fixture',
): Uint8Array => {
  const facets = triangles.map(
    (triangle) =>
      '  facet normal 0 0 0\n    outer loop\n' +
      triangle.map((point) => `      vertex ${point.map(String).join(' ')}\n`).join('') +
      '    endloop\n  endfacet\n',
  );
  return new TextEncoder().encode(`solid ${name}\n${facets.join('')}endsolid ${name}\n`);
};

/** The smallest box around `points`, as MeshStats gives it. */
export const boxOf = (points: readonly Point[]): { min: number[]; max: number[] } => ({
  min: [0, 1, 2].map((axis) => Math.min(...points.map((p) => p[axis] ?? 0))),
  max: [0, 1, 2].map((axis) => Math.max(...points.map((p) => p[axis] ?? 0))),
});

export type PlyFixtureProperty = { name: string; type: string } | { name: string; list: [string, string] };
export type PlyFixtureElement = {
  name: string;
  properties: PlyFixtureProperty[];
  rows: (number | readonly number[])[][];
};

type Setter = (view: DataView, offset: number, value: number, isLittleEndian: boolean) => void;

const binaryTypes: Record<string, { bytes: number; set: Setter }> = {};
const define = (names: string[], bytes: number, set: Setter) => {
  for (const name of names) binaryTypes[name] = { bytes, set };
};
define(['char', 'int8'], 1, (v, o, x) => v.setInt8(o, x));
define(['uchar', 'uint8'], 1, (v, o, x) => v.setUint8(o, x));
define(['short', 'int16'], 2, (v, o, x, le) => v.setInt16(o, x, le));
define(['ushort', 'uint16'], 2, (v, o, x, le) => v.setUint16(o, x, le));
define(['int', 'int32'], 4, (v, o, x, le) => v.setInt32(o, x, le));
define(['uint', 'uint32'], 4, (v, o, x, le) => v.setUint32(o, x, le));
define(['float', 'float32'], 4, (v, o, x, le) => v.setFloat32(o, x, le));
define(['double', 'float64'], 8, (v, o, x, le) => v.setFloat64(o, x, le));

const typeOf = (name: string) => {
  const type = binaryTypes[name];
  if (!type) throw new Error(`fixture: unknown PLY type ${name}`);
  return type;
};

/** A PLY file of `elements`, in the given format, with the header written from their properties. */
export const plyFile = (
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian',
  elements: readonly PlyFixtureElement[],
): Uint8Array => {
  const header = [
    'ply',
    `format ${format} 1.0`,
    'comment made by mesh-test-fixtures',
    ...elements.flatMap((element) => [
      `element ${element.name} ${element.rows.length}`,
      ...element.properties.map((p) =>
        'list' in p ? `property list ${p.list[0]} ${p.list[1]} ${p.name}` : `property ${p.type} ${p.name}`,
      ),
    ]),
    'end_header',
    '',
  ].join('\n');
  const head = new TextEncoder().encode(header);
  if (format === 'ascii') {
    const body = elements
      .flatMap((element) =>
        element.rows.map((row) =>
          row.map((v) => (typeof v === 'number' ? v : `${v.length} ${v.join(' ')}`)).join(' '),
        ),
      )
      .join('\n');
    return new Uint8Array([...head, ...new TextEncoder().encode(`${body}\n`)]);
  }
  const isLittleEndian = format === 'binary_little_endian';
  const values: { type: string; value: number }[] = [];
  for (const element of elements)
    for (const row of element.rows)
      element.properties.forEach((property, p) => {
        const cell = row[p] ?? 0;
        if ('list' in property && typeof cell !== 'number') {
          values.push({ type: property.list[0], value: cell.length });
          for (const item of cell) values.push({ type: property.list[1], value: item });
        } else if ('type' in property && typeof cell === 'number')
          values.push({ type: property.type, value: cell });
        else throw new Error(`fixture: row value does not fit property ${property.name}`);
      });
  const body = new Uint8Array(values.reduce((sum, v) => sum + typeOf(v.type).bytes, 0));
  const view = new DataView(body.buffer);
  let offset = 0;
  for (const { type, value } of values) {
    typeOf(type).set(view, offset, value, isLittleEndian);
    offset += typeOf(type).bytes;
  }
  return new Uint8Array([...head, ...body]);
};

/**
 * A 40 × 30 mm patch of gum-like surface (a bump 8 mm high) as a PLY's rows: vertices with normals and a
 * colour, faces as quads. `columns × rows` quads make twice as many triangles.
 */
export const surfacePatch = (columns: number, rows: number) => {
  const points: Point[] = [];
  for (let j = 0; j <= rows; j++)
    for (let i = 0; i <= columns; i++) {
      const x = (40 * i) / columns;
      const y = (30 * j) / rows;
      points.push([x, y, 8 * Math.sin((Math.PI * i) / columns) * Math.sin((Math.PI * j) / rows)]);
    }
  const quads: number[][] = [];
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < columns; i++) {
      const a = j * (columns + 1) + i;
      quads.push([a, a + 1, a + columns + 2, a + columns + 1]);
    }
  return { points, quads };
};
