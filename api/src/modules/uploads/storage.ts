/** The configured object storage, built once per configuration. */
import type { ObjectStorage } from '../../integrations/storage/storage.ts';
import { createStorage } from '../../integrations/storage/create-storage.ts';
import type { Config } from '../../config.ts';

const instances = new WeakMap<Config, ObjectStorage>();

/** The storage driver for this configuration (local disk by default, S3-compatible when configured). */
export function storageFor(config: Config): ObjectStorage {
  let storage = instances.get(config);
  if (!storage) {
    storage = createStorage(config.storage);
    instances.set(config, storage);
  }
  return storage;
}
