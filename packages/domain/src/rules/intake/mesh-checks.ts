// The scan part of an order's pre-flight check: before a designer opens an uploaded scan, the lab wants to
// know whether it can be used at all (block) or needs a second look (warn). The server reads the file
// (read-mesh.ts) into MeshStats; these rules turn the numbers into checks a technician can act on.

export type MeshFormat = 'stl-binary' | 'stl-ascii' | 'ply-ascii' | 'ply-binary';

export type MeshStats = {
  format: MeshFormat;
  /** Triangles: an STL's facets; a PLY polygon of n corners counts as n − 2. */
  facets: number;
  /** Vertex records: three per STL facet (STL does not share them), the vertex element's count in a PLY. */
  vertices: number;
  /** Vertex records with a NaN or infinite coordinate: exporters write these when a scan is corrupt. */
  nonFiniteVertices: number;
  /** Triangles whose cross product is shorter than 1e-12: zero area, unusable by design software. */
  degenerateFacets: number;
  /** Over the finite vertices only, in the file's own units; null when there are none. */
  bbox: { min: [number, number, number]; max: [number, number, number] } | null;
  /** Hex SHA-256 of the file's bytes: the same scan uploaded twice has the same one. */
  sha256: string;
  /** The file ends before what its header (or structure) promises; the counts cover what was there. */
  truncated: boolean;
};

export type MeshReadFailure = { unreadable: true; reason: string };

export type PreflightCheck = {
  /** Stable, for the web and for tests: `mesh_*` for one scan, `file_*` across an order's files. */
  code: string;
  /** block: the order cannot go to design until this is fixed; warn: a person should look. */
  severity: 'block' | 'warn';
  message: string;
  file_id?: number;
};

/**
 * A scan's units are guessed from its largest bounding-box extent, in file units. A jaw scan is about
 * 5–120 mm across, so the same scan saved in metres measures 0.005–0.12 and in inches 0.2–4.7. The cuts
 * sit in the gaps between those bands: 0.15 (150 mm in metres is larger than any arch, 3.8 mm in inches
 * is smaller than any tooth) and 4.8 (122 mm in inches is just past the largest arch, 4.8 mm in
 * millimetres is smaller than a single tooth). Above 300 mm nothing dental fits, whatever the units.
 */
export const meshThresholds = {
  /** Below this largest extent the file is in metres: block, the design would be 1000 times too small. */
  metresBelow: 0.15,
  /** From metresBelow up to this the file is in inches: warn, a person should confirm and scale. */
  inchesBelow: 4.8,
  /** Above this (mm) the file is larger than any dental scan: warn. */
  largestMillimetres: 300,
  /** Fewer triangles than this is a preview or a decimated copy: a real intra-oral scan has 10⁵–10⁶. */
  fewestFacets: 1000,
  /** More than this share of zero-area triangles means the mesh needs repair before design. */
  degenerateShare: 0.01,
} as const;

export type MeshUnits = 'no-size' | 'metres' | 'inches' | 'millimetres' | 'too-large';

/** The units a scan whose largest extent (file units) is `largestExtent` was most likely saved in. */
export const meshUnitsOf = (largestExtent: number): MeshUnits => {
  if (!(largestExtent > 0)) return 'no-size';
  if (largestExtent < meshThresholds.metresBelow) return 'metres';
  if (largestExtent < meshThresholds.inchesBelow) return 'inches';
  if (largestExtent > meshThresholds.largestMillimetres) return 'too-large';
  return 'millimetres';
};

const formatSize = (n: number): string => n.toLocaleString('en-AU', { maximumSignificantDigits: 3 });
const formatCount = (n: number): string => n.toLocaleString('en-AU');
const countOf = (n: number, noun: string): string => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
const formatShare = (part: number, whole: number): string =>
  `${((part / whole) * 100).toLocaleString('en-AU', { maximumFractionDigits: 1 })}%`;

/** Every pre-flight text about scans, worded for a lab technician; each names the file. */
export const preflightMessages = {
  meshUnreadable: (name: string, reason: string): string =>
    `${name} could not be read as a 3D scan (${reason}). Ask the clinic to export it again as STL or PLY.`,
  meshTruncated: (name: string): string =>
    `${name} is incomplete: the file stops part-way through the scan, so it was cut off during export ` +
    'or upload. Ask the clinic to send it again.',
  meshEmpty: (name: string): string =>
    `${name} contains no triangles (an empty export, or a point cloud rather than a surface). ` +
    'Ask the clinic to export the scan again.',
  meshTooFewFacets: (name: string, facets: number): string =>
    `${name} has only ${countOf(facets, 'triangle')}; a full intra-oral scan has 100,000 to 1,000,000. ` +
    'Check it is the whole scan and not a preview or a reduced copy.',
  meshNonFinite: (name: string, points: number): string =>
    `${name} has ${countOf(points, 'point')} with invalid coordinates (not a number), so the file is ` +
    'damaged. Ask the clinic to export it again.',
  meshDegenerate: (name: string, degenerate: number, facets: number): string =>
    `${formatShare(degenerate, facets)} of the triangles in ${name} (${formatCount(degenerate)} of ` +
    `${formatCount(facets)}) have no area. The mesh may need repairing before design.`,
  meshZeroSize: (name: string): string =>
    `${name} has no size: all its points are in the same place. Ask the clinic to export it again.`,
  meshInMetres: (name: string, extent: number): string =>
    `${name} is only ${formatSize(extent)} units across, so it looks like it was saved in metres. ` +
    `Scale it ×1000 (to ${formatSize(extent * 1000)} mm) before design.`,
  meshInInches: (name: string, extent: number): string =>
    `${name} is ${formatSize(extent)} units across, so it looks like it was saved in inches. ` +
    `Check it, and scale it ×25.4 (to ${formatSize(extent * 25.4)} mm) before design.`,
  meshTooLarge: (name: string, extent: number): string =>
    `${name} is ${formatSize(extent)} mm across, larger than any dental scan: check the units it was ` +
    'exported in.',
  fileDuplicate: (name: string, otherName: string): string => `${name} is the same file as ${otherName}.`,
};

const isReadFailure = (stats: MeshStats | MeshReadFailure): stats is MeshReadFailure => 'unreadable' in stats;

const largestExtentOf = (bbox: NonNullable<MeshStats['bbox']>): number =>
  Math.max(bbox.max[0] - bbox.min[0], bbox.max[1] - bbox.min[1], bbox.max[2] - bbox.min[2]);

const unitsCheck = (name: string, bbox: MeshStats['bbox']): Omit<PreflightCheck, 'file_id'> | null => {
  if (!bbox) return null; // No finite vertex: the non-finite check has already blocked the file.
  const extent = largestExtentOf(bbox);
  switch (meshUnitsOf(extent)) {
    case 'no-size':
      return { code: 'mesh_zero_size', severity: 'block', message: preflightMessages.meshZeroSize(name) };
    case 'metres':
      return { code: 'mesh_units', severity: 'block', message: preflightMessages.meshInMetres(name, extent) };
    case 'inches':
      return { code: 'mesh_units', severity: 'warn', message: preflightMessages.meshInInches(name, extent) };
    case 'too-large':
      return { code: 'mesh_units', severity: 'warn', message: preflightMessages.meshTooLarge(name, extent) };
    case 'millimetres':
      return null;
  }
};

/** The checks for one uploaded scan. A file that cannot be used at all gets that one check only. */
export const meshChecks = (
  file: { id: number; filename: string },
  stats: MeshStats | MeshReadFailure,
): PreflightCheck[] => {
  const name = file.filename;
  const at = (check: Omit<PreflightCheck, 'file_id'>): PreflightCheck => ({ ...check, file_id: file.id });
  if (isReadFailure(stats))
    return [
      at({
        code: 'mesh_unreadable',
        severity: 'block',
        message: preflightMessages.meshUnreadable(name, stats.reason),
      }),
    ];
  // What a cut-off file's counts say is about the part that arrived: only the resend matters.
  if (stats.truncated)
    return [
      at({ code: 'mesh_truncated', severity: 'block', message: preflightMessages.meshTruncated(name) }),
    ];
  if (stats.facets === 0)
    return [at({ code: 'mesh_empty', severity: 'block', message: preflightMessages.meshEmpty(name) })];

  const checks: PreflightCheck[] = [];
  if (stats.facets < meshThresholds.fewestFacets)
    checks.push(
      at({
        code: 'mesh_too_few_facets',
        severity: 'warn',
        message: preflightMessages.meshTooFewFacets(name, stats.facets),
      }),
    );
  if (stats.nonFiniteVertices > 0)
    checks.push(
      at({
        code: 'mesh_non_finite',
        severity: 'block',
        message: preflightMessages.meshNonFinite(name, stats.nonFiniteVertices),
      }),
    );
  if (stats.degenerateFacets > stats.facets * meshThresholds.degenerateShare)
    checks.push(
      at({
        code: 'mesh_degenerate',
        severity: 'warn',
        message: preflightMessages.meshDegenerate(name, stats.degenerateFacets, stats.facets),
      }),
    );
  const units = unitsCheck(name, stats.bbox);
  if (units) checks.push(at(units));
  return checks;
};

/**
 * The same file uploaded twice (same SHA-256) is flagged on its second and later copies, naming the
 * first. A file without a hash (one that could not be read) is never a duplicate.
 */
export const duplicateFileChecks = (
  files: readonly { id: number; filename: string; sha256: string }[],
): PreflightCheck[] => {
  const firstByHash = new Map<string, string>();
  const checks: PreflightCheck[] = [];
  for (const file of files) {
    const hash = file.sha256.toLowerCase();
    if (hash === '') continue;
    const first = firstByHash.get(hash);
    if (first === undefined) firstByHash.set(hash, file.filename);
    else
      checks.push({
        code: 'file_duplicate',
        severity: 'warn',
        message: preflightMessages.fileDuplicate(file.filename, first),
        file_id: file.id,
      });
  }
  return checks;
};
