/**
 * Store endpoints: where a release's DDEX delivery goes (a DSP's SFTP server, an S3-compatible
 * bucket, or a local folder). Every endpoint receives a delivery the same way stores such as
 * Spotify require: a batch folder holding the ERN message, the audio and the cover, and a
 * BatchComplete marker written LAST, only after every other file is complete. A store ignores a
 * batch without its marker, so an upload cut short (server gone, process killed) is never taken
 * for a delivery; the retry writes the same batch folder again, then the marker.
 */
import path from 'node:path/posix';
import { Readable } from 'node:stream';
import { create } from 'xmlbuilder2';

export type StoreKind = 'LOCAL' | 'SFTP' | 'S3';

export interface BatchFile {
  /** Path inside the batch folder, e.g. `0860000000012/resources/A1.flac`. */
  path: string;
  /** Opens the content (called once per attempt, so a retry reads it again from the start). */
  open: () => Promise<Readable>;
  /** Byte length, when known (S3 needs it to stream). */
  size: number;
}

export interface Batch {
  /** The batch folder name: the same for every attempt of one delivery. */
  id: string;
  files: BatchFile[];
}

/** A store's answer to one of our messages. */
export interface StoreAcknowledgement {
  messageId: string;
  ok: boolean;
  /** The store's reason when it refused the message. */
  error?: string;
}

export interface StoreEndpoint {
  readonly kind: StoreKind;
  /** Writes the batch, then its BatchComplete marker; returns where it landed. Safe to call again for the same batch. */
  deliver(batch: Batch): Promise<{ location: string }>;
  /** The acknowledgements the store wrote back (stores that answer through the same endpoint). */
  acknowledgements?(): Promise<StoreAcknowledgement[]>;
}

/** The marker's file name, as Spotify's batch profile names it. */
export function batchCompleteName(batchId: string): string {
  return `BatchComplete_${batchId}.xml`;
}

/** The marker's content: the batch id and the files it vouches for. */
export function batchCompleteXml(batch: Batch): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('BatchComplete');
  root.ele('BatchId').txt(batch.id);
  const files = root.ele('Files');
  for (const f of batch.files) files.ele('File', { size: String(f.size) }).txt(f.path);
  return root.end({ prettyPrint: true });
}

/** A batch file path that stays inside its folder (no absolute paths, no `..`). */
export function assertSafeBatchPath(p: string): string {
  const normal = path.normalize(p);
  if (!p || path.isAbsolute(normal) || normal.startsWith('..') || normal.includes('\0')) throw new RangeError(`unsafe batch path '${p}'`);
  return normal;
}

/** What a transport does; deliverBatch puts the files in order and the marker last. */
export interface BatchWriter {
  mkdirs(dir: string): Promise<void>;
  write(file: string, body: Readable, size: number): Promise<void>;
}

/** Writes every file of the batch under `root/batchId/`, then the BatchComplete marker. */
export async function writeBatch(writer: BatchWriter, root: string, batch: Batch): Promise<string> {
  const dir = path.join(root, assertSafeBatchPath(batch.id));
  const made = new Set<string>();
  const ensure = async (d: string) => {
    if (made.has(d)) return;
    await writer.mkdirs(d);
    made.add(d);
  };
  await ensure(dir);
  for (const f of batch.files) {
    const target = path.join(dir, assertSafeBatchPath(f.path));
    await ensure(path.dirname(target));
    await writer.write(target, await f.open(), f.size);
  }
  const marker = Buffer.from(batchCompleteXml(batch));
  await writer.write(path.join(dir, batchCompleteName(batch.id)), Readable.from([marker]), marker.length);
  return dir;
}
