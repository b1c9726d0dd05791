import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError, uploadMessages } from '@lab/domain';
import type { S3Config } from '../config';
import { contentDisposition } from './content-disposition';
import type { FileStorage } from './file-storage';

// S3 or any S3-compatible object store (MinIO, R2, Ceph …). The server uploads through the SDK and hands
// downloads off to presigned GETs, so several server processes share one store and large downloads do
// not pass through Node.

export type S3StorageOptions = S3Config;

const isMissingObject = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export const createS3Client = (options: S3StorageOptions): S3Client =>
  new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Newer SDKs add CRC checksums in aws-chunked trailers by default, which many S3-compatible servers
    // reject; the sha256 is kept as metadata and checked by us instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

export const createS3Storage = (options: S3StorageOptions, client = createS3Client(options)): FileStorage => {
  const Bucket = options.bucket;
  return {
    driver: 's3',

    put: async (key, sourcePath, { contentType, sha256 }) => {
      // A stream needs its length up front: S3 refuses a PUT of unknown length without chunked signing.
      const { size } = await stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentType,
          Metadata: { sha256 },
        }),
      );
    },

    open: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
        return answer.Body;
      } catch (error) {
        if (isMissingObject(error)) throw new AppError('not_found', { message: uploadMessages.fileNotFound });
        throw error;
      }
    },

    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    presignDownload: (key, { filename, inline, contentType, expiresInSeconds }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: contentDisposition(inline ? 'inline' : 'attachment', filename),
          ResponseContentType: contentType,
          // The address is a capability: no cache along the way may keep the answer.
          ResponseCacheControl: 'no-store',
        }),
        { expiresIn: expiresInSeconds },
      ),
  };
};
