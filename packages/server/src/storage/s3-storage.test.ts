import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, uploadMessages } from '@lab/domain';
import { loadConfig } from '../config';
import { expectLinkHeaders, stlBytes, uploadFile } from '../modules/files/file-service-test-kit';
import { createTestApp, signInAs, type TestApp } from '../testing';
import { createClient, createCollection } from '../testing/factories';
import { startLocalS3, type LocalS3 } from '../testing/local-s3';
import { createStorage } from './create-storage';
import type { FileStorage } from './file-storage';
import { generateStorageKey } from './generate-key';
import { createS3Client, createS3Storage } from './s3-storage';

// The S3 driver against a real S3 API (s3rver on a free local port), and one file-service round trip
// through the app with FILE_STORAGE=s3: downloads are 302 redirects to a presigned, 60-second address.

let s3: LocalS3;
let storage: FileStorage;
let workDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = createS3Storage(s3.config);
  workDir = await mkdtemp(path.join(os.tmpdir(), 'lab-s3-test-'));
});
afterAll(async () => {
  await s3.close();
  await rm(workDir, { recursive: true, force: true });
});

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const localFile = async (bytes: Buffer): Promise<string> => {
  const file = path.join(workDir, randomBytes(6).toString('hex'));
  await writeFile(file, bytes);
  return file;
};

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('the S3 driver', () => {
  it('refuses FILE_STORAGE=s3 without a bucket or keys, naming each variable', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_BUCKET: required when FILE_STORAGE=s3[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE/);
    expect(loadConfig({ DATA_DIR: workDir })).toMatchObject({
      fileStorage: 'local',
      filesDir: path.join(workDir, 'files'),
      s3: null,
      fileLinkTtlMinutes: 15,
    });
  });

  it('is what createStorage makes of FILE_STORAGE=s3', () => {
    expect(createStorage(loadConfig({ ...s3.env, DATA_DIR: workDir })).driver).toBe('s3');
    expect(createStorage(loadConfig({ DATA_DIR: workDir })).driver).toBe('local');
  });

  it('stores, opens and removes bytes, keeping type and sha256', async () => {
    const bytes = randomBytes(200_000);
    const key = generateStorageKey();
    await storage.put(key, await localFile(bytes), { contentType: 'model/stl', sha256: sha256(bytes) });
    expect((await readAll(await storage.open(key))).equals(bytes)).toBe(true);
    const head = await createS3Client(s3.config).send(
      new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key }),
    );
    expect(head.ContentType).toBe('model/stl');
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.Metadata?.sha256).toBe(sha256(bytes));
    await storage.remove(key);
    await expect(storage.open(key)).rejects.toThrow(uploadMessages.fileNotFound);
  });

  it('answers not_found for a key never stored, and removing one is not an error', async () => {
    const error: unknown = await storage.open(generateStorageKey()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'File not found' });
    await expect(storage.remove(generateStorageKey())).resolves.toBeUndefined();
  });

  it('presigns a download that names the file and expires', async () => {
    const bytes = Buffer.from('<h1>preview</h1>');
    const key = generateStorageKey();
    await storage.put(key, await localFile(bytes), { contentType: 'text/html', sha256: sha256(bytes) });
    const url = await storage.presignDownload(key, {
      filename: 'Überblick "v2".html',
      inline: false,
      contentType: 'text/html; charset=utf-8',
      expiresInSeconds: 60,
    });
    expect(url).toMatch(new RegExp(`^${s3.config.endpoint}/${s3.config.bucket}/`));
    expect(new URL(url ?? '').searchParams.get('X-Amz-Expires')).toBe('60');
    const response = await fetch(url ?? '');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="_berblick _v2_.html"; filename*=UTF-8''%C3%9Cberblick%20%22v2%22.html`,
    );
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const inline = await storage.presignDownload(key, {
      filename: 'a.html',
      inline: true,
      contentType: 'text/html',
      expiresInSeconds: 60,
    });
    expect((await fetch(inline ?? '')).headers.get('content-disposition')).toMatch(/^inline; /);
  });
});

describe('the file service on S3', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: s3.env });
  });
  afterAll(() => test.close());

  it('uploads to the bucket and redirects a download to a 60-second presigned address', async () => {
    expect(test.storage.driver).toBe('s3');
    const staff = await signInAs(test);
    const collection = await createCollection(test.db, { client: await createClient(test.db) });
    const bytes = stlBytes(30);
    const item = await uploadFile(test, staff, 'lower jaw.stl', bytes, {
      entityType: 'COLLECTION',
      entityIdentification: collection.uid,
    });

    const response = await test.app.inject({ method: 'GET', url: item.downloadLink });
    expect(response.statusCode).toBe(302);
    expectLinkHeaders(response);
    const location = response.headers.location ?? '';
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="lower jaw.stl"; filename*=UTF-8''lower%20jaw.stl`,
    );
    expect(fetched.headers.get('content-type')).toBe('model/stl');

    expect((await test.app.inject({ method: 'GET', url: item.downloadLink })).statusCode).toBe(410);
  });

  it('sends inline HTML itself, sandboxed, rather than redirecting to the store', async () => {
    const staff = await signInAs(test);
    const collection = await createCollection(test.db, { client: await createClient(test.db) });
    const page = Buffer.from('<html><body><script>document.title = "design"</script></body></html>');
    const item = await uploadFile(test, staff, 'design.html', page, {
      entityType: 'COLLECTION',
      entityIdentification: collection.uid,
    });

    const response = await test.app.inject({ method: 'GET', url: `${item.downloadLink}?inline=1` });
    expect(response.statusCode).toBe(200);
    expectLinkHeaders(response);
    expect(response.headers['content-security-policy']).toBe('sandbox allow-scripts');
    expect(response.headers['content-disposition']).toMatch(/^inline;/);
    expect(response.rawPayload.equals(page)).toBe(true);
  });
});
