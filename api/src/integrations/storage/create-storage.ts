/** Builds the configured storage driver. Its own file, so the interface and the drivers form no import cycle. */
import type { ObjectStorage, StorageConfig } from './storage.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';

/** Builds the configured driver. */
export function createStorage(config: StorageConfig): ObjectStorage {
  switch (config.driver) {
    case 'local':
      return new LocalStorage(config.dir);
    case 's3':
      return new S3Storage(config);
  }
}
