/**
 * The local-folder store endpoint (the default): batches land in a folder on this machine, so a
 * newcomer running `npm start` can open DATA_DIR/deliveries and see exactly what a store receives.
 * Each file is written to a temporary name and renamed into place, and the BatchComplete marker
 * comes last. Acknowledgements are read from `acknowledgements/` beside the batches (where the
 * local store simulator, or a person, writes them).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create } from 'xmlbuilder2';
import { writeBatch, type Batch, type StoreAcknowledgement, type StoreEndpoint } from './store.ts';

export const ACK_FOLDER = 'acknowledgements';

export class LocalFolderStore implements StoreEndpoint {
  readonly kind = 'LOCAL' as const;
  constructor(readonly dir: string) {}

  async deliver(batch: Batch): Promise<{ location: string }> {
    const location = await writeBatch(
      {
        mkdirs: async (d) => {
          await mkdir(d, { recursive: true });
        },
        write: async (file: string, body: Readable) => {
          const temp = `${file}.part`;
          try {
            await pipeline(body, createWriteStream(temp));
            await rename(temp, file);
          } catch (err) {
            await rm(temp, { force: true });
            throw err;
          }
        },
      },
      this.dir,
      batch,
    );
    return { location };
  }

  async acknowledgements(): Promise<StoreAcknowledgement[]> {
    const folder = path.join(this.dir, ACK_FOLDER);
    const names = await readdir(folder).catch(() => [] as string[]);
    const out: StoreAcknowledgement[] = [];
    for (const name of names.filter((n) => n.endsWith('.xml'))) {
      const ack = parseAcknowledgement(await readFile(path.join(folder, name), 'utf8'));
      if (ack) out.push(ack);
    }
    return out;
  }
}

/** The acknowledgement file a store writes: `<Acknowledgement><MessageId/><Status>OK|Error</Status><Reason/></Acknowledgement>`. */
export function acknowledgementXml(ack: StoreAcknowledgement): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('Acknowledgement');
  root.ele('MessageId').txt(ack.messageId);
  root.ele('Status').txt(ack.ok ? 'OK' : 'Error');
  if (ack.error) root.ele('Reason').txt(ack.error);
  return root.end({ prettyPrint: true });
}

/** Reads an acknowledgement file; null when it is not one. */
export function parseAcknowledgement(xml: string): StoreAcknowledgement | null {
  try {
    const doc = create(xml).end({ format: 'object' }) as { Acknowledgement?: { MessageId?: string; Status?: string; Reason?: string } };
    const a = doc.Acknowledgement;
    if (!a || typeof a.MessageId !== 'string' || !a.Status) return null;
    return { messageId: a.MessageId, ok: a.Status === 'OK', ...(typeof a.Reason === 'string' ? { error: a.Reason } : {}) };
  } catch {
    return null;
  }
}
