import { EndOfMeshData, type MeshTally } from './mesh-tally';
import { TextTokens } from './text-tokens';

// STL, both kinds. Binary: an 80-byte header, a uint32 triangle count, then 50 bytes per triangle (normal,
// three corners as float32 little-endian, a uint16 attribute). ASCII: `solid name`, then per triangle
// `facet normal n n n / outer loop / vertex x y z ×3 / endloop / endfacet`, then `endsolid`.

export const binaryStlHeaderBytes = 84;
export const binaryStlFacetBytes = 50;

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The triangle count a binary STL's header declares (the file is at least 84 bytes). */
export const declaredStlFacets = (bytes: Uint8Array): number => view(bytes).getUint32(80, true);

/** The whole triangles present after the header, however many the header declares. */
export const completeStlFacets = (bytes: Uint8Array): number =>
  Math.max(0, Math.floor((bytes.byteLength - binaryStlHeaderBytes) / binaryStlFacetBytes));

/** Whether the size is exactly what the header's count promises: the one sure sign of a binary STL. */
export const hasBinaryStlSize = (bytes: Uint8Array): boolean =>
  bytes.byteLength >= binaryStlHeaderBytes &&
  bytes.byteLength === binaryStlHeaderBytes + binaryStlFacetBytes * declaredStlFacets(bytes);

/** Far beyond any scan in any units: floats this large are random bytes, not coordinates. */
const largestPlausibleValue = 1e6;

/**
 * Whether the first triangles after the header read as an STL's numbers (finite, not absurd). Tells a
 * binary STL that lost its end from random bytes: twelve random float32s rarely all pass.
 */
export const hasPlausibleStlFacets = (bytes: Uint8Array): boolean => {
  const facets = Math.min(completeStlFacets(bytes), 16);
  if (facets === 0) return false;
  const data = view(bytes);
  for (let f = 0; f < facets; f++) {
    const offset = binaryStlHeaderBytes + f * binaryStlFacetBytes;
    for (let k = 0; k < 12; k++) {
      const value = data.getFloat32(offset + 4 * k, true);
      if (!(Math.abs(value) <= largestPlausibleValue)) return false;
    }
  }
  return true;
};

/** Tallies the whole triangles present; `truncated` when the header promised more. */
export const readBinaryStl = (bytes: Uint8Array, tally: MeshTally): { truncated: boolean } => {
  const declared = declaredStlFacets(bytes);
  const facets = Math.min(declared, completeStlFacets(bytes));
  const data = view(bytes);
  // The corners start after the facet's normal (12 bytes); the normal is not used (exporters vary).
  for (let f = 0, o = binaryStlHeaderBytes + 12; f < facets; f++, o += binaryStlFacetBytes) {
    const ax = data.getFloat32(o, true);
    const ay = data.getFloat32(o + 4, true);
    const az = data.getFloat32(o + 8, true);
    const bx = data.getFloat32(o + 12, true);
    const by = data.getFloat32(o + 16, true);
    const bz = data.getFloat32(o + 20, true);
    const cx = data.getFloat32(o + 24, true);
    const cy = data.getFloat32(o + 28, true);
    const cz = data.getFloat32(o + 32, true);
    tally.addVertex(ax, ay, az);
    tally.addVertex(bx, by, bz);
    tally.addVertex(cx, cy, cz);
    tally.addTriangle(ax, ay, az, bx, by, bz, cx, cy, cz);
  }
  return { truncated: facets < declared };
};

/** A coordinate as written: what does not read as a number ("nan", "1.#QNAN") is NaN, a non-finite vertex. */
const coordinate = Number;

const corners = new Float64Array(9);

const readFacet = (tokens: TextTokens, tally: MeshTally): void => {
  tokens.expect('normal');
  tokens.nextOrEnd();
  tokens.nextOrEnd();
  tokens.nextOrEnd();
  tokens.expect('outer');
  tokens.expect('loop');
  for (let corner = 0; corner < 3; corner++) {
    tokens.expect('vertex');
    corners[corner * 3] = coordinate(tokens.nextOrEnd());
    corners[corner * 3 + 1] = coordinate(tokens.nextOrEnd());
    corners[corner * 3 + 2] = coordinate(tokens.nextOrEnd());
  }
  const after = tokens.nextOrEnd();
  if (after.toLowerCase() === 'vertex')
    tokens.fail('a facet has more than 3 vertices; STL facets are triangles');
  if (after.toLowerCase() !== 'endloop') tokens.fail(`expected "endloop" but found "${after.slice(0, 20)}"`);
  tokens.expect('endfacet');
  // Tallied only once whole, so a file cut off inside a facet counts the facets before it.
  const [ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, cx = 0, cy = 0, cz = 0] = corners;
  tally.addVertex(ax, ay, az);
  tally.addVertex(bx, by, bz);
  tally.addVertex(cx, cy, cz);
  tally.addTriangle(ax, ay, az, bx, by, bz, cx, cy, cz);
};

/**
 * Tallies an ASCII STL; `truncated` when the text ends inside a facet or before `endsolid`. Several
 * solids in one file (some exporters write one per jaw part) are read one after another.
 */
export const readAsciiStl = (text: string, tally: MeshTally): { truncated: boolean } => {
  const tokens = new TextTokens(text);
  tokens.expect('solid');
  tokens.skipLine();
  try {
    for (;;) {
      const word = tokens.nextOrEnd().toLowerCase();
      if (word === 'facet') readFacet(tokens, tally);
      else if (word === 'endsolid') {
        tokens.skipLine();
        const next = tokens.next();
        if (next === null) return { truncated: false };
        if (next.toLowerCase() !== 'solid') tokens.fail(`expected "solid" but found "${next.slice(0, 20)}"`);
        tokens.skipLine();
      } else tokens.fail(`expected "facet" or "endsolid" but found "${word.slice(0, 20)}"`);
    }
  } catch (error) {
    if (error instanceof EndOfMeshData) return { truncated: true };
    throw error;
  }
};
