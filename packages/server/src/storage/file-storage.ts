import type { Readable } from 'node:stream';

// The one storage layer every file of the product goes through (case files, approval files, message
// attachments, return files, blurred copies). Bytes are addressed by a generated key; the original name
// is metadata in the `files` table, never part of the key, so no user input reaches a path or object name.

export type StorageDriverName = 'local' | 's3';

export type PresignOptions = {
  /** The name the browser saves or shows (already sanitised). */
  filename: string;
  /** true: Content-Disposition inline (only for what the viewer shows); false: attachment. */
  inline: boolean;
  contentType: string;
  expiresInSeconds: number;
};

export type FileStorage = {
  readonly driver: StorageDriverName;
  /** Stores the bytes of a finished, checked local file under `key` (copying, never moving the source). */
  put: (key: string, sourcePath: string, options: { contentType: string; sha256: string }) => Promise<void>;
  /** The stored bytes; rejects with AppError not_found when nothing is stored under `key`. */
  open: (key: string) => Promise<Readable>;
  /** Removes the bytes (used to clean up after a failed write; product deletes are soft). */
  remove: (key: string) => Promise<void>;
  /**
   * A direct, expiring download address when the driver has one (S3 presigned GET), else null: the
   * server then streams the bytes itself behind its own one-time link.
   */
  presignDownload: (key: string, options: PresignOptions) => Promise<string | null>;
};
