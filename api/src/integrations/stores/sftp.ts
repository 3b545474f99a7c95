/** The SFTP store endpoint (most DSPs take deliveries this way), on ssh2-sftp-client. */
import SftpClient from 'ssh2-sftp-client';
import type { Readable } from 'node:stream';
import { writeBatch, type Batch, type StoreEndpoint } from './store.ts';

export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  /** Remote folder batches go into. */
  path: string;
  /** An OpenSSH or PEM private key (preferred), or a password. */
  privateKey?: string;
  password?: string;
  /** How long to wait for the connection, in ms. */
  timeoutMs?: number;
}

export class SftpStore implements StoreEndpoint {
  readonly kind = 'SFTP' as const;
  constructor(private readonly settings: SftpSettings) {}

  async deliver(batch: Batch): Promise<{ location: string }> {
    const s = this.settings;
    // The library's default listeners print to the console; errors reach us through the failed call.
    const quiet = () => undefined;
    const client = new SftpClient('cadence-delivery', { error: quiet, end: quiet, close: quiet });
    await client.connect({
      host: s.host,
      port: s.port,
      username: s.username,
      ...(s.privateKey ? { privateKey: s.privateKey } : {}),
      ...(s.password ? { password: s.password } : {}),
      readyTimeout: s.timeoutMs ?? 20_000,
      retries: 0,
    });
    try {
      const dir = await writeBatch(
        {
          mkdirs: async (d) => {
            await client.mkdir(d, true);
          },
          write: async (file: string, body: Readable) => {
            await client.put(body, file);
          },
        },
        s.path || '.',
        batch,
      );
      return { location: `sftp://${s.username}@${s.host}:${s.port}/${dir.replace(/^\//, '')}` };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
