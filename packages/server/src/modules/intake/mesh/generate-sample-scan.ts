// A made-up but plausible intra-oral scan for sample orders and tests: the surface of a U-shaped dental
// arch (about 58 × 33 × 11 mm, a ridge with a bump per tooth), as a binary STL. Deterministic per seed.

export type SampleScanOptions = {
  /** Triangles to write, exactly (default 100,000: a light real scan). */
  facets?: number;
  /** Multiplies every coordinate: 1 writes millimetres, 0.001 metres, 1 / 25.4 inches. */
  scale?: number;
  /** Varies the fine surface noise, so two seeds give two different files. */
  seed?: number;
};

/** Corners around the ridge's cross-section, from the cheek side over the crest to the tongue side. */
const ringSegments = 32;
/** Half the arch's opening angle (radians): the ends of the U. */
const archHalfAngle = 1.4;
const archHalfWidth = 24;
const archDepth = 32;
const ridgeHalfWidth = 5.5;
const ridgeHeight = 9;
const toothBump = 1.8;
const teethPerArch = 14;
const surfaceNoise = 0.01;

/** mulberry32: a small seeded generator, so a seed always gives the same file. */
const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Fills `ring` with the cross-section at `u` (0 … 1 along the arch), in mm. */
const fillRing = (ring: Float64Array, u: number, random: () => number): void => {
  const t = (u - 0.5) * 2 * archHalfAngle;
  const centreX = archHalfWidth * Math.sin(t);
  const centreY = archDepth * Math.cos(t);
  // The ridge's sideways direction: the arch curve's normal in the biting plane.
  const normalX = archDepth * Math.sin(t);
  const normalY = archHalfWidth * Math.cos(t);
  const normalLength = Math.hypot(normalX, normalY);
  const height =
    ridgeHeight + toothBump * Math.abs(Math.sin((t * teethPerArch * Math.PI) / (2 * archHalfAngle)));
  for (let s = 0; s <= ringSegments; s++) {
    const angle = (Math.PI * s) / ringSegments;
    const across = ridgeHalfWidth * Math.cos(angle);
    ring[3 * s] = centreX + (across * normalX) / normalLength + surfaceNoise * (random() - 0.5);
    ring[3 * s + 1] = centreY + (across * normalY) / normalLength + surfaceNoise * (random() - 0.5);
    ring[3 * s + 2] = height * Math.sin(angle) + surfaceNoise * (random() - 0.5);
  }
};

/** The triangle being written: corners a, b, c as x, y, z (mm), reused so no triangle allocates. */
const corners = new Float64Array(9);

const setCorner = (corner: number, ring: Float64Array, point: number): void => {
  corners[3 * corner] = ring[3 * point] ?? 0;
  corners[3 * corner + 1] = ring[3 * point + 1] ?? 0;
  corners[3 * corner + 2] = ring[3 * point + 2] ?? 0;
};

/** Writes the triangle in `corners` as one 50-byte facet: unit normal, then the corners scaled. */
const writeFacet = (view: DataView, offset: number, scale: number): void => {
  const [ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, cx = 0, cy = 0, cz = 0] = corners;
  const nx = (by - ay) * (cz - az) - (bz - az) * (cy - ay);
  const ny = (bz - az) * (cx - ax) - (bx - ax) * (cz - az);
  const nz = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const length = Math.hypot(nx, ny, nz) || 1;
  view.setFloat32(offset, nx / length, true);
  view.setFloat32(offset + 4, ny / length, true);
  view.setFloat32(offset + 8, nz / length, true);
  for (let k = 0; k < 9; k++) view.setFloat32(offset + 12 + 4 * k, (corners[k] ?? 0) * scale, true);
};

/** A binary STL of a dental arch surface with exactly `facets` triangles. */
export const generateDentalArchStl = ({
  facets = 100_000,
  scale = 1,
  seed = 1,
}: SampleScanOptions = {}): Uint8Array => {
  if (!Number.isSafeInteger(facets) || facets < 0)
    throw new RangeError(`facets must be a whole number ≥ 0 (${facets})`);
  const bytes = new Uint8Array(84 + 50 * facets);
  const view = new DataView(bytes.buffer);
  bytes.set(
    new TextEncoder().encode(`lab-cases sample dental arch, seed ${seed}, scale ${scale}`.slice(0, 80)),
  );
  view.setUint32(80, facets, true);
  const random = seededRandom(seed);
  const rows = Math.max(1, Math.ceil(facets / (2 * ringSegments)));
  let previous = new Float64Array(3 * (ringSegments + 1));
  let current = new Float64Array(3 * (ringSegments + 1));
  fillRing(previous, 0, random);
  let written = 0;
  for (let row = 1; row <= rows && written < facets; row++) {
    fillRing(current, row / rows, random);
    for (let s = 0; s < ringSegments && written < facets; s++) {
      // Two triangles per quad between the last ring and this one, wound the same way.
      setCorner(0, previous, s);
      setCorner(1, current, s);
      setCorner(2, current, s + 1);
      writeFacet(view, 84 + 50 * written++, scale);
      if (written === facets) break;
      setCorner(1, current, s + 1);
      setCorner(2, previous, s + 1);
      writeFacet(view, 84 + 50 * written++, scale);
    }
    [previous, current] = [current, previous];
  }
  return bytes;
};
