/**
 * The local store simulator: plays the store's side of the local-folder endpoint. For every
 * complete batch (its BatchComplete marker present) it reads the ERN message and writes an
 * acknowledgement into `acknowledgements/` (OK, or Error when the message has no MessageId),
 * once. Incomplete batches are left alone, as a real store does.
 */
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'xmlbuilder2';
import { batchCompleteName } from './store.ts';
import { ACK_FOLDER, acknowledgementXml } from './local-folder.ts';

/** The MessageId of an ERN message, or null. */
export function ernMessageId(xml: string): string | null {
  try {
    const doc = create(xml).end({ format: 'object' }) as Record<string, { MessageHeader?: { MessageId?: unknown } }>;
    const root = Object.entries(doc).find(([k]) => k.endsWith('NewReleaseMessage'))?.[1];
    const id = root?.MessageHeader?.MessageId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

async function exists(p: string): Promise<boolean> {
  return access(p).then(
    () => true,
    () => false,
  );
}

/** Acknowledges every complete, not yet acknowledged batch in one store folder; returns the message ids acknowledged. */
export async function simulateStore(dir: string): Promise<string[]> {
  const acks = path.join(dir, ACK_FOLDER);
  const done: string[] = [];
  const batches = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const b of batches.filter((e) => e.isDirectory() && e.name !== ACK_FOLDER)) {
    const batchDir = path.join(dir, b.name);
    if (!(await exists(path.join(batchDir, batchCompleteName(b.name))))) continue;
    const seen = path.join(acks, `${b.name}.xml`);
    if (await exists(seen)) continue;
    const entries = await readdir(batchDir, { recursive: true, withFileTypes: true });
    const message = entries.find((e) => e.isFile() && e.name.endsWith('.xml') && !e.name.startsWith('BatchComplete_'));
    const xml = message ? await readFile(path.join(message.parentPath, message.name), 'utf8') : '';
    const messageId = ernMessageId(xml);
    await mkdir(acks, { recursive: true });
    await writeFile(seen, acknowledgementXml(messageId ? { messageId, ok: true } : { messageId: b.name, ok: false, error: 'The batch holds no readable ERN message' }));
    if (messageId) done.push(messageId);
  }
  return done;
}
