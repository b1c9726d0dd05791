import type { NexusConnectExportRequest } from './protocol';
import type { ZipEntry } from './zip-archive';

// What the simulator puts in an export: a manifest and one real binary STL per part (an 80-byte header, the
// triangle count, 50 bytes per triangle), a closed cylinder whose size follows the part, so the files differ.

type Point = [number, number, number];

const sides = 24;

const cylinderTriangles = (radius: number, height: number): [Point, Point, Point][] => {
  const ring = (z: number): Point[] =>
    Array.from({ length: sides }, (_, i) => {
      const angle = (2 * Math.PI * i) / sides;
      return [radius * Math.cos(angle), radius * Math.sin(angle), z];
    });
  const [bottom, top] = [ring(0), ring(height)];
  const triangles: [Point, Point, Point][] = [];
  for (let i = 0; i < sides; i += 1) {
    const j = (i + 1) % sides;
    const [b0, b1, t0, t1] = [bottom[i], bottom[j], top[i], top[j]] as [Point, Point, Point, Point];
    triangles.push([b0, b1, t1], [b0, t1, t0], [[0, 0, 0], b1, b0], [[0, 0, height], t0, t1]);
  }
  return triangles;
};

const normalOf = ([a, b, c]: [Point, Point, Point]): Point => {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]] as const;
  const n: Point = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
};

export const buildPartStl = (label: string, radius: number, height: number): Buffer => {
  const triangles = cylinderTriangles(radius, height);
  const buffer = Buffer.alloc(84 + 50 * triangles.length);
  // The header must not start with "solid", or readers take the file for an ASCII STL.
  buffer.write(`nexus_connect simulator ${label}`.slice(0, 80).padEnd(80, ' '), 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  let offset = 84;
  for (const triangle of triangles) {
    for (const value of [...normalOf(triangle), ...triangle.flat()]) {
      buffer.writeFloatLE(value, offset);
      offset += 4;
    }
    offset += 2; // attribute byte count 0
  }
  return buffer;
};

const fileSafe = (code: string): string => code.replace(/[^A-Za-z0-9._-]/g, '_');

export const buildExportEntries = (request: NexusConnectExportRequest): ZipEntry[] => {
  const files: ZipEntry[] = [
    {
      name: `scan_body/${fileSafe(request.scan_body.code)}.stl`,
      data: buildPartStl(request.scan_body.code, 2.2, 10),
    },
  ];
  if (request.healing_cap) {
    files.push({
      name: `healing_cap/${fileSafe(request.healing_cap.code)}.stl`,
      data: buildPartStl(request.healing_cap.code, 2.4, 4.5),
    });
  }
  const manifest = {
    session_id: request.session_id,
    scan_body: request.scan_body,
    healing_cap: request.healing_cap,
    files: files.map((file) => file.name),
    generator: 'nexus_connect simulator',
  };
  return [{ name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }, ...files];
};
