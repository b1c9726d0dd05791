import * as zlib from 'node:zlib';
import sharp from 'sharp';

// Real, small contents for the demo's file rows, so the viewer shows something for every demo file. All
// of it is generated (no binary assets in the repository) and deterministic: the same bytes on every run,
// so a re-seed gives the same hashes. Every kind passes the upload content check (`checkFileContent`).

type Vec = [number, number, number];
type Mesh = { vertices: Vec[]; triangles: [number, number, number][] };

// A lower first molar crown, in millimetres: ~11 mm mesio-distal, ~10 mm bucco-lingual, ~6.5 mm tall.
const segments = 32;
const rings = 24;
const occlusalHeight = 4.5;
const cervicalDepth = 2.5;

const crownPoint = (ring: number, segment: number): Vec => {
  const phi = (Math.PI * ring) / rings; // 0 at the centre of the occlusal surface, π at the base
  const theta = (2 * Math.PI * segment) / segments;
  // +1 on the diagonals, where a molar has its four cusps and the outline its corners.
  const lobe = Math.cos(4 * (theta - Math.PI / 4));
  const radius = 5 * (1 + 0.12 * lobe * Math.sin(phi) ** 2);
  const toward = (rho: number, z: number): Vec => [
    1.1 * rho * Math.cos(theta),
    rho * Math.sin(theta),
    z + cervicalDepth,
  ];
  if (phi <= Math.PI / 2) {
    // Occlusal half: a central fossa (u = 0), cusps on a ridge half way out, the height equator at u = 1.
    const u = phi / (Math.PI / 2);
    const height = occlusalHeight * (1 - u * u) * (0.6 + 0.55 * Math.sin(Math.PI * u) * (0.6 + 0.4 * lobe));
    return toward(radius * Math.sin(phi), height);
  }
  // Cervical half: the wall stays near full width, then turns in sharply to a flat base.
  const v = (phi - Math.PI / 2) / (Math.PI / 2);
  const rho = radius * Math.max(0, Math.cos((v * Math.PI) / 2)) ** 0.35;
  return toward(rho, -cervicalDepth * Math.sin((v * Math.PI) / 2));
};

/** A closed mesh with one vertex per pole; triangles wind counter-clockwise seen from outside. */
const crownMesh = (): Mesh => {
  const vertices: Vec[] = [crownPoint(0, 0)];
  for (let ring = 1; ring < rings; ring += 1) {
    for (let segment = 0; segment < segments; segment += 1) vertices.push(crownPoint(ring, segment));
  }
  const bottom = vertices.length;
  vertices.push(crownPoint(rings, 0));
  const at = (ring: number, segment: number): number => 1 + (ring - 1) * segments + (segment % segments);
  const triangles: Mesh['triangles'] = [];
  for (let s = 0; s < segments; s += 1) {
    triangles.push([0, at(1, s), at(1, s + 1)]);
    for (let ring = 1; ring < rings - 1; ring += 1) {
      triangles.push([at(ring, s), at(ring + 1, s), at(ring, s + 1)]);
      triangles.push([at(ring, s + 1), at(ring + 1, s), at(ring + 1, s + 1)]);
    }
    triangles.push([at(rings - 1, s), bottom, at(rings - 1, s + 1)]);
  }
  return { vertices, triangles };
};

const vertexOf = (mesh: Mesh, index: number): Vec => {
  const vertex = mesh.vertices[index];
  if (!vertex) throw new Error(`crown mesh has no vertex ${index}`);
  return vertex;
};

const facetNormal = (a: Vec, b: Vec, c: Vec): Vec => {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
  const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]] as const;
  const n: Vec = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
};

/** Binary STL: 80-byte header (not starting with 'solid', which readers take for ASCII), count, facets. */
const binaryStl = (mesh: Mesh): Buffer => {
  const out = Buffer.alloc(84 + 50 * mesh.triangles.length);
  out.write('Demo molar crown - binary STL, millimetres', 0, 'ascii');
  out.writeUInt32LE(mesh.triangles.length, 80);
  let offset = 84;
  for (const [i, j, k] of mesh.triangles) {
    const corners = [vertexOf(mesh, i), vertexOf(mesh, j), vertexOf(mesh, k)] as const;
    for (const value of [...facetNormal(...corners), ...corners.flat()]) {
      out.writeFloatLE(value, offset);
      offset += 4;
    }
    offset += 2; // attribute byte count: 0
  }
  return out;
};

const gumPink = '214 118 132';
const toothWhite = '241 236 222';

/** ASCII PLY of the same crown, the cervical part coloured as gingiva around it. */
const asciiPly = (mesh: Mesh): Buffer => {
  const lines = [
    'ply',
    'format ascii 1.0',
    'comment Demo molar crown with gingiva, millimetres',
    `element vertex ${mesh.vertices.length}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    `element face ${mesh.triangles.length}`,
    'property list uchar int vertex_indices',
    'end_header',
    ...mesh.vertices.map(
      ([x, y, z]) =>
        `${x.toFixed(4)} ${y.toFixed(4)} ${z.toFixed(4)} ${z < cervicalDepth * 0.7 ? gumPink : toothWhite}`,
    ),
    ...mesh.triangles.map(([a, b, c]) => `3 ${a} ${b} ${c}`),
  ];
  return Buffer.from(`${lines.join('\n')}\n`, 'ascii');
};

// Perspective of a frontal intraoral photo: teeth further from the midline are narrower and shorter.
const upperTeeth = [
  { width: 96, height: 150 },
  { width: 74, height: 128 },
  { width: 66, height: 138 },
  { width: 56, height: 110 },
  { width: 50, height: 98 },
  { width: 48, height: 88 },
];
const lowerTeeth = [
  { width: 60, height: 108 },
  { width: 62, height: 110 },
  { width: 64, height: 118 },
  { width: 56, height: 100 },
  { width: 50, height: 92 },
  { width: 48, height: 84 },
];

type ToothShape = { x: number; width: number; height: number };

const layOut = (teeth: typeof upperTeeth): ToothShape[] => {
  const right: ToothShape[] = [];
  let x = 600;
  for (const tooth of teeth) {
    right.push({ x, ...tooth });
    x += tooth.width + 3;
  }
  const left = right.map((t) => ({ ...t, x: 1200 - t.x - t.width })).reverse();
  return [...left, ...right];
};

/** Teeth hanging from (upper) or standing on (lower) a curved gum line, the gum scalloped over them. */
const archSvg = (teeth: ToothShape[], upper: boolean): string => {
  const gumLine = (x: number): number =>
    upper ? 250 + 0.00028 * (x - 600) ** 2 : 480 - 0.00024 * (x - 600) ** 2;
  const shapes = teeth.map(({ x, width, height }) => {
    const top = upper ? gumLine(x + width / 2) - 30 : gumLine(x + width / 2) - height + 30;
    const shine = upper ? top + height * 0.55 : top + height * 0.35;
    return [
      `<rect x="${x}" y="${top.toFixed(1)}" width="${width}" height="${height}" rx="${(width * 0.2).toFixed(1)}" fill="url(#tooth)" stroke="#b9ad92" stroke-width="2"/>`,
      `<ellipse cx="${(x + width * 0.4).toFixed(1)}" cy="${shine.toFixed(1)}" rx="${(width * 0.14).toFixed(1)}" ry="${(height * 0.22).toFixed(1)}" fill="#ffffff" opacity="0.35"/>`,
    ].join('');
  });
  const edge = upper ? 0 : 800;
  const scallops = teeth.map(({ x, width }) => {
    const papilla = gumLine(x + width) + (upper ? 22 : -22);
    const crest = gumLine(x + width / 2) + (upper ? -18 : 18);
    return `Q${(x + width / 2).toFixed(1)},${crest.toFixed(1)} ${(x + width).toFixed(1)},${papilla.toFixed(1)}`;
  });
  const first = teeth[0]?.x ?? 0;
  const gum = `<path d="M0,${edge} L0,${gumLine(0).toFixed(1)} L${first},${gumLine(first).toFixed(1)} ${scallops.join(' ')} L1200,${gumLine(1200).toFixed(1)} L1200,${edge} Z" fill="url(#${upper ? 'gumUpper' : 'gumLower'})"/>`;
  return shapes.join('') + gum;
};

const intraoralSvg = (): string =>
  [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">',
    '<defs>',
    '<radialGradient id="mouth" cx="50%" cy="52%" r="60%"><stop offset="0" stop-color="#4a1016"/><stop offset="0.7" stop-color="#1c0507"/><stop offset="1" stop-color="#080202"/></radialGradient>',
    '<linearGradient id="gumUpper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a84457"/><stop offset="1" stop-color="#e18c9a"/></linearGradient>',
    '<linearGradient id="gumLower" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#a84457"/><stop offset="1" stop-color="#de8795"/></linearGradient>',
    '<linearGradient id="tooth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf8ef"/><stop offset="1" stop-color="#ddd3b9"/></linearGradient>',
    '</defs>',
    '<rect width="1200" height="800" fill="url(#mouth)"/>',
    '<ellipse cx="600" cy="420" rx="250" ry="90" fill="#7d2733" opacity="0.6"/>',
    archSvg(layOut(lowerTeeth), false),
    archSvg(layOut(upperTeeth), true),
    // Lips held back by a cheek retractor: a soft frame around the opening.
    '<ellipse cx="600" cy="400" rx="680" ry="400" fill="none" stroke="#9b3343" stroke-width="180"/><ellipse cx="600" cy="400" rx="592" ry="312" fill="none" stroke="#c65a6b" stroke-width="12" opacity="0.7"/>',
    '</svg>',
  ].join('');

const pdfDocument = (): Buffer => {
  // Helvetica with WinAnsiEncoding: \227 is the em dash. The whole file stays ASCII apart from the
  // customary binary comment, so byte offsets are string lengths in latin1.
  const text = [
    'BT /F1 18 Tf 56 780 Td (Dental laboratory prescription \\227 demo document) Tj ET',
    'BT /F1 11 Tf 15 TL 56 744 Td',
    '(Restoration: screw-retained implant crown, tooth 36) Tj T*',
    '(Material: monolithic zirconia   Shade: A2) Tj T*',
    '(Margin: 0.5 mm chamfer   Occlusion: light contact) Tj T*',
    '(Generated demo content: no patient information.) Tj ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, i) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes, ending in space + newline.
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const htmlPreview = (): Buffer =>
  Buffer.from(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Design preview</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1f2933; background: #f4f6f8; }
  main { max-width: 720px; margin: 32px auto; padding: 24px 32px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #52606d; }
  svg { display: block; width: 100%; height: auto; background: #eef2f6; border-radius: 6px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 16px 0 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
</style>
</head>
<body>
<main>
<h1>Design preview</h1>
<p>Screw-retained crown on tooth 36, buccal view. Demo content generated for the case viewer.</p>
<svg viewBox="0 0 400 260" role="img" aria-label="Crown outline, buccal view">
  <path d="M90 150 C80 110 92 70 120 62 C140 56 150 80 165 78 C180 76 185 50 205 48 C225 46 232 74 248 76 C262 78 272 54 292 60 C318 68 322 112 310 150 C300 180 286 196 262 200 L138 200 C114 196 98 180 90 150 Z" fill="#f7f3e8" stroke="#8a7d63" stroke-width="3"/>
  <path d="M138 200 C160 212 240 212 262 200" fill="none" stroke="#c0606e" stroke-width="3" stroke-dasharray="6 4"/>
  <rect x="186" y="200" width="28" height="44" rx="3" fill="#b8c2cc" stroke="#616e7c" stroke-width="2"/>
  <text x="320" y="205" font-size="12" fill="#c0606e">margin</text>
  <text x="222" y="238" font-size="12" fill="#616e7c">interface</text>
</svg>
<dl>
  <dt>Material</dt><dd>Monolithic zirconia, shade A2</dd>
  <dt>Minimum thickness</dt><dd>0.8 mm occlusal, 0.5 mm axial</dd>
  <dt>Contacts</dt><dd>Mesial and distal light, occlusion light</dd>
</dl>
</main>
</body>
</html>
`,
    'utf8',
  );

// CRC-32 (IEEE): zlib.crc32 from Node 20.15 / 22.2; the table version for older Node 20 releases.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  if (typeof zlib.crc32 === 'function') return zlib.crc32(data);
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** A zip with one stored (uncompressed) entry: local header, data, central directory, end record. */
const zipArchive = (): Buffer => {
  const name = Buffer.from('design_notes.txt', 'ascii');
  const data = Buffer.from(
    'Design export (demo)\nCrown 36, monolithic zirconia, shade A2.\nGenerated demo content.\n',
    'utf8',
  );
  const crc = crc32(data);
  // A fixed DOS timestamp (2026-01-01 12:00) keeps the archive byte-identical between runs.
  const time = 12 << 11;
  const date = ((2026 - 1980) << 9) | (1 << 5) | 1;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // needed: 1.0 (stored)
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // made by: 2.0
  central.writeUInt16LE(10, 6); // needed: 1.0 (stored)
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(1, 36); // internal attributes: text
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
};

const build = async (extension: string): Promise<Buffer> => {
  switch (extension) {
    case 'stl':
      return binaryStl(crownMesh());
    case 'ply':
      return asciiPly(crownMesh());
    case 'png':
      return sharp(Buffer.from(intraoralSvg())).png({ compressionLevel: 9 }).toBuffer();
    case 'jpg':
    case 'jpeg':
      return sharp(Buffer.from(intraoralSvg())).jpeg({ quality: 85 }).toBuffer();
    case 'pdf':
      return pdfDocument();
    case 'html':
      return htmlPreview();
    case 'zip':
      return zipArchive();
    default:
      return Buffer.from(`Demo file (.${extension}) generated for the lab demo data.\n`, 'utf8');
  }
};

const cache = new Map<string, Promise<Buffer>>();

/** The demo bytes for a file extension (lower case, no dot); built once per process, same on every run. */
export const demoFileContent = (extension: string): Promise<Buffer> => {
  const key = extension.toLowerCase();
  let content = cache.get(key);
  if (!content) {
    content = build(key);
    // A failure is not cached: the next caller tries again.
    content.catch(() => cache.delete(key));
    cache.set(key, content);
  }
  return content;
};
