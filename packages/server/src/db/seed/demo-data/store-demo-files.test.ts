import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import sharp from 'sharp';
import { checkFileContent, fileExtension } from '@lab/domain';
import { contentTypeFor } from '../../../modules/files/store-file';
import { createLocalStorage } from '../../../storage/local-storage';
import type { FileStorage } from '../../../storage/file-storage';
import { openTestDatabase } from '../../../testing/test-database';
import type { DatabaseHandle } from '../../client';
import { files } from '../../schema/index';
import { seedDemoData } from '../demo';
import { demoFileContent } from './demo-file-bytes';
import { storeDemoFiles } from './store-demo-files';

// Demo files get real bytes: every demo row is backed by stored content that matches its size, hash and
// type, and each kind is a well-formed file of its format (what the viewer and the upload check expect).

let handle: DatabaseHandle;
let root: string;
let storage: FileStorage;
let stored: number;
let seconds: number;

const demoRows = () =>
  handle.db
    .select({
      storage_key: files.storage_key,
      filename: files.filename,
      size_bytes: files.size_bytes,
      sha256: files.sha256,
      content_type: files.content_type,
    })
    .from(files)
    .where(like(files.storage_key, 'demo/%'))
    .orderBy(files.id);

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemoData(handle.db, { collections: 40 });
  root = await mkdtemp(path.join(os.tmpdir(), 'lab-demo-store-'));
  storage = createLocalStorage(root);
  const started = performance.now();
  stored = await storeDemoFiles(handle.db, storage);
  seconds = (performance.now() - started) / 1000;
});
afterAll(async () => {
  await handle?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const sampleOf = (name: string, bytes: Buffer) => ({
  name,
  size: bytes.length,
  head: bytes.subarray(0, 4096),
  tail: bytes.subarray(Math.max(0, bytes.length - 4096)),
});

describe('storeDemoFiles', () => {
  it('stores bytes for every demo row, and the rows describe those bytes', async () => {
    const rows = await demoRows();
    expect(rows.length).toBeGreaterThan(50);
    expect(stored).toBe(rows.length);
    expect(seconds).toBeLessThan(10);
    for (const row of rows) {
      const bytes = await buffer(await storage.open(row.storage_key));
      expect(row.size_bytes, row.filename).toBe(bytes.length);
      expect(row.sha256, row.filename).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.content_type, row.filename).toBe(contentTypeFor(row.filename));
      expect(checkFileContent(sampleOf(row.filename, bytes)), row.filename).toBeNull();
    }
    const extensions = new Set(rows.map((row) => fileExtension(row.filename)));
    for (const kind of ['stl', 'ply', 'png', 'jpg', 'pdf', 'html', 'zip']) expect(extensions).toContain(kind);
  });

  it('gives the same result when run again', async () => {
    const before = await demoRows();
    expect(await storeDemoFiles(handle.db, storage)).toBe(before.length);
    expect(await demoRows()).toEqual(before);
  });
});

describe('demoFileContent', () => {
  it('builds each kind once, and every kind passes the upload content check', async () => {
    for (const extension of ['stl', 'ply', 'png', 'jpg', 'jpeg', 'pdf', 'html', 'zip', 'txt', 'xyz']) {
      const bytes = await demoFileContent(extension);
      expect(await demoFileContent(extension.toUpperCase())).toBe(bytes);
      expect(checkFileContent(sampleOf(`demo.${extension}`, bytes)), extension).toBeNull();
    }
  });

  it('STL: a binary, closed, outward-facing crown about 10 mm wide', async () => {
    const stl = await demoFileContent('stl');
    const count = stl.readUInt32LE(80);
    expect(count).toBeGreaterThan(1000);
    expect(stl.length).toBe(84 + 50 * count);
    expect(stl.length).toBeLessThanOrEqual(100 * 1024);
    expect(stl.subarray(0, 5).toString('ascii')).not.toBe('solid');
    let volume = 0;
    const low = [Infinity, Infinity, Infinity];
    const high = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < count; i += 1) {
      const f = Array.from({ length: 12 }, (_, k) => stl.readFloatLE(84 + 50 * i + 4 * k));
      const [nx = 0, ny = 0, nz = 0, ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, cx = 0, cy = 0, cz = 0] =
        f;
      expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 4);
      // The stored normal agrees with the winding (b - a) × (c - a).
      const cross = [
        (by - ay) * (cz - az) - (bz - az) * (cy - ay),
        (bz - az) * (cx - ax) - (bx - ax) * (cz - az),
        (bx - ax) * (cy - ay) - (by - ay) * (cx - ax),
      ] as const;
      expect(cross[0] * nx + cross[1] * ny + cross[2] * nz).toBeGreaterThan(0);
      volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
      for (const [k, value] of [ax, ay, az, bx, by, bz, cx, cy, cz].entries()) {
        low[k % 3] = Math.min(low[k % 3] ?? 0, value);
        high[k % 3] = Math.max(high[k % 3] ?? 0, value);
      }
    }
    // Positive signed volume: the facets face outwards.
    expect(volume).toBeGreaterThan(200);
    expect((high[0] ?? 0) - (low[0] ?? 0)).toBeGreaterThan(8);
    expect((high[0] ?? 0) - (low[0] ?? 0)).toBeLessThan(13);
    expect(low[2]).toBeCloseTo(0, 5);
  });

  it('PLY: ASCII with vertex colours, the header counts matching the body', async () => {
    const text = (await demoFileContent('ply')).toString('ascii');
    const [header = '', body = ''] = text.split('end_header\n');
    expect(header).toMatch(/^ply\nformat ascii 1\.0\n/);
    const vertices = Number(/element vertex (\d+)/.exec(header)?.[1]);
    const faces = Number(/element face (\d+)/.exec(header)?.[1]);
    expect(header).toContain('property uchar red');
    expect(header).toContain('property list uchar int vertex_indices');
    const lines = body.trimEnd().split('\n');
    expect(lines).toHaveLength(vertices + faces);
    const colours = new Set(lines.slice(0, vertices).map((line) => line.split(' ').slice(3).join(' ')));
    expect(colours.size).toBe(2);
    for (const line of lines.slice(vertices)) {
      const [n, ...indices] = line.split(' ').map(Number);
      expect(n).toBe(3);
      expect(indices.every((i) => i >= 0 && i < vertices)).toBe(true);
    }
  });

  it('images: 1200×800 PNG and JPEG', async () => {
    expect(await sharp(await demoFileContent('png')).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 800,
    });
    expect(await sharp(await demoFileContent('jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 800,
    });
  });

  it('PDF: every xref offset points at its object', async () => {
    const pdf = (await demoFileContent('pdf')).toString('latin1');
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(start, start + 4)).toBe('xref');
    const entries = pdf.slice(start).split('\n').slice(3, 8);
    entries.forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      expect(pdf.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    const stream = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf);
    expect(Number(stream?.[1])).toBe(stream?.[2]?.length);
    expect(pdf).toContain('(Dental laboratory prescription \\227 demo document)');
  });

  it('HTML: a self-contained preview', async () => {
    const html = (await demoFileContent('html')).toString('utf8');
    expect(html).toContain('<title>Design preview</title>');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/(src|href)=|url\(|@import|https?:\/\/(?!www\.w3\.org)/);
  });

  it('zip: one stored entry whose CRC-32 and sizes match', async () => {
    const zip = await demoFileContent('zip');
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(1);
    const central = zip.readUInt32LE(end + 16);
    expect(zip.readUInt32LE(central)).toBe(0x02014b50);
    expect(zip.readUInt16LE(central + 10)).toBe(0); // stored
    const local = zip.readUInt32LE(central + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(local + 26);
    const size = zip.readUInt32LE(local + 18);
    const data = zip.subarray(local + 30 + nameLength, local + 30 + nameLength + size);
    expect(zip.subarray(local + 30, local + 30 + nameLength).toString()).toBe('design_notes.txt');
    expect(zip.readUInt32LE(local + 14)).toBe(zlib.crc32(data));
    expect(zip.readUInt32LE(central + 16)).toBe(zlib.crc32(data));
    expect(data.toString('utf8')).toContain('Design export');
  });
});
