import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** The storage the configuration names: local disk under DATA_DIR/files, or an S3-compatible bucket. */
export const createStorage = (config: Pick<Config, 'fileStorage' | 'filesDir' | 's3'>): FileStorage => {
  if (config.fileStorage === 's3') {
    // loadConfig sets s3 exactly when FILE_STORAGE=s3; a hand-built config without it is a bug.
    if (!config.s3) throw new Error('FILE_STORAGE=s3 needs the S3_* settings');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(config.filesDir);
};
