/**
 * Takes an incoming upload stream (graphql-upload's createReadStream, busboy) to storage in one
 * pass: sniff the first bytes, inspect headers as they stream by, hash and size-limit through
 * ObjectStorage.put, and delete the object on any failure. Memory stays at a few small buffers
 * (plus the storage driver's part buffer) whatever the file size.
 */
import { parseStream } from 'music-metadata';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { toBytes } from '../storage/meter.ts';
import { newObjectKey, type ObjectKind, type ObjectStorage } from '../storage/storage.ts';
import {
  assertDeliverableAudio,
  createAudioInspector,
  UNSUPPORTED_AUDIO_REASON,
  type AudioInfo,
  type AudioLimits,
} from './audio.ts';
import { assertCoverArt, assertDecodes, createImageInspector, INVALID_COVER_TYPE_REASON, type CoverArtLimits, type ImageInfo } from './image.ts';
import { MediaError } from './media-error.ts';
import type { PushParser } from './push-parser.ts';
import { MEDIA_TYPES, SNIFF_BYTES, sniff, type MediaKind } from './sniff.ts';

export interface StoreUploadOptions {
  /** What this endpoint takes: cover art ('image'), a track ('audio'), or either ('any'). */
  accept: MediaKind | 'any';
  /** Over this many bytes the upload fails with StorageLimitError (LIMIT_FILE_SIZE). */
  maxBytes: number;
  /** Apply the delivery rules (assertDeliverableAudio, assertCoverArt); default true. */
  enforce?: boolean;
  audioLimits?: Partial<AudioLimits>;
  coverLimits?: Partial<CoverArtLimits>;
  /** Storage folder; default 'audio' for audio and 'cover' for images. */
  keyKind?: ObjectKind;
}

export interface StoredUpload {
  key: string;
  size: number;
  sha256: string;
  md5: string;
  kind: MediaKind;
  format: 'wav' | 'flac' | 'png' | 'jpeg';
  contentType: string;
  audio?: AudioInfo;
  /** The audio file's own title tag (ID3, Vorbis comment, RIFF INFO), when it has a non-empty one. */
  title?: string;
  image?: ImageInfo;
}

/**
 * Reads the audio's own title tag with music-metadata from a tee of the upload as it streams by
 * (so a 2 GB file is not read back from storage for a few bytes of tag). The tee never holds the
 * upload back for long: once music-metadata has what it needs, or gives up, the rest is discarded.
 */
function titleTee(contentType: string) {
  const tee = new PassThrough();
  let settled = false;
  const title = parseStream(tee, { mimeType: contentType }, { skipCovers: true, duration: false })
    .then(({ common }) => common.title?.replace(/\s+/g, ' ').trim() || undefined)
    .catch(() => undefined) // a tag we cannot read is no reason to refuse audio that passed our checks
    .finally(() => {
      settled = true;
      tee.resume(); // music-metadata stopped reading: let the rest flow away
    });
  return {
    title,
    /** Passes a chunk on, waiting for music-metadata to catch up (never past the end of its parse). */
    async write(chunk: Buffer) {
      if (settled || tee.destroyed) return;
      if (!tee.write(chunk)) await Promise.race([once(tee, 'drain').catch(() => undefined), title]);
    },
    end: () => tee.end(),
    abort: () => tee.destroy(),
  };
}

const UNSUPPORTED_ANY_REASON = 'Unsupported file type. Upload a WAV or FLAC audio file, or a JPG or PNG image';

function wrongType(accept: StoreUploadOptions['accept']): MediaError {
  const reason = accept === 'image' ? INVALID_COVER_TYPE_REASON : accept === 'audio' ? UNSUPPORTED_AUDIO_REASON : UNSUPPORTED_ANY_REASON;
  return new MediaError(reason, 'UNSUPPORTED_TYPE');
}

/**
 * Stores an upload after checking what it is. Throws MediaError (type, damage, quality) or
 * StorageLimitError (size), leaving nothing stored. On failure the rest of the incoming stream
 * is drained and discarded, as multer does, so the transport can still answer on the same connection.
 */
export async function storeUpload(storage: ObjectStorage, body: Readable, opts: StoreUploadOptions): Promise<StoredUpload> {
  const enforce = opts.enforce ?? true;
  // destroyOnReturn: false, so giving up early drains the request instead of tearing it down.
  const input = body.iterator({ destroyOnReturn: false }) as AsyncIterator<unknown>;
  let settled = false;
  const letGo = async () => {
    if (settled) return;
    settled = true;
    await input.return?.();
    body.resume();
  };

  // 1. The first bytes decide the type, and so the key's extension and the inspector.
  const first: Buffer[] = [];
  let headBytes = 0;
  try {
    while (headBytes < SNIFF_BYTES) {
      const r = await input.next();
      if (r.done) break;
      const chunk = toBytes(r.value);
      first.push(chunk);
      headBytes += chunk.length;
    }
  } catch (err) {
    await letGo();
    throw err;
  }
  const head = Buffer.concat(first);
  const type = sniff(head);
  if (head.length === 0 || type === 'unknown' || (opts.accept !== 'any' && MEDIA_TYPES[type].kind !== opts.accept)) {
    await letGo();
    throw head.length === 0 ? new MediaError('The file is empty', 'CORRUPT') : wrongType(opts.accept);
  }
  const { kind, ext, contentType } = MEDIA_TYPES[type];

  // 2. Inspect while streaming; a refusal known from the header stops the upload right there.
  let inspector: PushParser<AudioInfo> | PushParser<ImageInfo>;
  let imageChecked = false;
  if (kind === 'audio') {
    inspector = createAudioInspector({ onHeader: enforce ? (info) => assertDeliverableAudio(info, opts.audioLimits) : undefined });
  } else {
    inspector = createImageInspector();
  }
  const tags = kind === 'audio' ? titleTee(contentType) : undefined;
  const inspect = (chunk: Buffer) => {
    inspector.push(chunk);
    if (kind === 'image' && enforce && inspector.done && !imageChecked) {
      imageChecked = true;
      assertCoverArt(inspector.result as ImageInfo, opts.coverLimits);
    }
  };

  let fed = false;
  async function* passThrough(): AsyncGenerator<Buffer> {
    try {
      inspect(head);
      await tags?.write(head);
      yield head;
      for (;;) {
        const r = await input.next();
        if (r.done) break;
        const chunk = toBytes(r.value);
        inspect(chunk);
        await tags?.write(chunk);
        yield chunk;
      }
      tags?.end();
      settled = true;
      fed = true;
    } finally {
      if (!fed) tags?.abort(); // refused or cut short: the tag no longer matters
      await letGo();
    }
  }

  // 3. Store; drivers remove partial objects themselves, the delete here is belt and braces.
  const key = newObjectKey(opts.keyKind ?? (kind === 'audio' ? 'audio' : 'cover'), ext);
  const stored = await storage
    .put(key, Readable.from(passThrough(), { objectMode: false }), { contentType, maxBytes: opts.maxBytes })
    .catch(async (err: unknown) => {
      tags?.abort();
      await letGo(); // in case the driver failed before reading the body at all
      await storage.delete(key).catch(() => undefined);
      throw err;
    });

  // 4. Checks that need the whole file (truncation, headers found late).
  try {
    const info = inspector.end();
    if (kind === 'audio') {
      if (enforce) assertDeliverableAudio(info as AudioInfo, opts.audioLimits);
      const title = await tags?.title;
      return { ...stored, kind, format: type, contentType, audio: info as AudioInfo, ...(title ? { title } : {}) };
    }
    if (enforce) assertCoverArt(info as ImageInfo, opts.coverLimits);
    // The header may promise pixels the file does not have: decode them all (bounded by the pixel guard).
    await assertDecodes(await storage.get(key), opts.coverLimits);
    return { ...stored, kind, format: type, contentType, image: info as ImageInfo };
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
