/** Builds a store endpoint from its stored configuration (its own file, so the drivers form no cycle). */
import type { StoreEndpoint, StoreKind } from './store.ts';
import { LocalFolderStore } from './local-folder.ts';
import { SftpStore } from './sftp.ts';
import { S3Store } from './s3.ts';

/** An endpoint's configuration as kept per DSP: public settings, and one secret (SFTP key or password, S3 secret key). */
export interface StoreEndpointConfig {
  kind: StoreKind;
  /** LOCAL: { path? }; SFTP: { host, port?, username, path?, auth?: 'key' | 'password' }; S3: { bucket, region?, endpoint?, prefix?, accessKeyId }. */
  settings: Record<string, unknown>;
  secret?: string | null;
}

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** The endpoint for a configuration; a LOCAL endpoint writes to `localFolder` (chosen by the caller, under LOCAL_STORE_DIR). */
export function createStore(config: StoreEndpointConfig, localFolder: string): StoreEndpoint {
  const s = config.settings;
  switch (config.kind) {
    case 'LOCAL':
      return new LocalFolderStore(localFolder);
    case 'SFTP':
      return new SftpStore({
        host: text(s.host),
        port: typeof s.port === 'number' ? s.port : 22,
        username: text(s.username),
        path: text(s.path, '.'),
        ...(s.auth === 'password' ? { password: config.secret ?? '' } : { privateKey: config.secret ?? '' }),
      });
    case 'S3':
      return new S3Store({
        bucket: text(s.bucket),
        region: text(s.region, 'us-east-1'),
        endpoint: text(s.endpoint) || undefined,
        prefix: text(s.prefix),
        accessKeyId: text(s.accessKeyId),
        secretAccessKey: config.secret ?? '',
        forcePathStyle: true,
      });
  }
}
