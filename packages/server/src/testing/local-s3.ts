import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config';

// A real S3 API for tests (s3rver: an S3 server on the local disk), on a free port in a temporary folder,
// so the S3 driver is tested in `npm test` with nothing external.

export type LocalS3 = {
  config: S3Config;
  /** The FILE_STORAGE=s3 environment that points loadConfig at this server. */
  env: NodeJS.ProcessEnv;
  close: () => Promise<void>;
};

// s3rver accepts requests signed with exactly these keys.
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export const startLocalS3 = async (bucket = 'lab-files-test'): Promise<LocalS3> => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lab-test-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { endpoint, region: 'us-east-1', bucket, accessKeyId, secretAccessKey, forcePathStyle: true },
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};
