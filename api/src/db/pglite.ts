/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly), file-backed in the data
 * directory or in memory for tests and migration checks.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { StartupError } from './startup-error.ts';

export { PGlite };

const openInThisProcess = new Set<string>();

/** An open file-backed PGlite plus the lock that keeps a second process out of its files. */
export interface PgliteHandle {
  client: PGlite;
  close(): Promise<void>;
}

/**
 * Opens (creating when needed) the PGlite database in `dir`. Every problem a user can cause or fix
 * becomes a StartupError with one line naming it and the fix.
 */
export async function openPgliteDir(dir: string, options: { sharedBuffers?: string } = {}): Promise<PgliteHandle> {
  const dataDir = path.resolve(dir);
  const where = `the embedded database folder ${dataDir}`;
  const info = await stat(dataDir).catch(() => undefined);
  let existingMajor: string | undefined;
  if (info && !info.isDirectory()) {
    throw new StartupError(`${where} is a file, not a folder; set DATA_DIR to a folder Cadence may use (the database goes in its pglite/ subfolder)`);
  }
  if (info) {
    const entries = await readdir(dataDir);
    if (entries.length > 0) {
      const version = await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => undefined);
      if (version === undefined) {
        throw new StartupError(
          `${where} is not empty and is not a PGlite database (no PG_VERSION file); point DATA_DIR at another folder, or move its contents away so a new database can be created`,
        );
      }
      existingMajor = version.trim();
    }
  }
  try {
    // new PGlite(dir) does not create parent folders.
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new StartupError(`cannot create ${where} (${(error as NodeJS.ErrnoException).code ?? String(error)}); set DATA_DIR to a writable folder`, { cause: error });
  }

  const release = await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { startParams: startParams(options.sharedBuffers) });
    await client.query('SELECT 1');
  } catch (error) {
    await release();
    const reason = firstLine(error);
    const holds = existingMajor ? `, a PostgreSQL ${existingMajor} data folder` : '';
    throw new StartupError(
      `cannot open ${where}${holds} (${reason}); if it is damaged or from another PGlite version, move it away to start with a new database, or restore a backup`,
      { cause: error },
    );
  }
  return {
    client,
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        await release();
      }
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's WebAssembly memory, which only
 * ever grows: a migrated, seeded database left ~155 MB of it resident. The data files are on disk
 * (the OS caches them), so a smaller buffer pool costs little and saves ~120 MB of the server's RSS.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

function startParams(sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/**
 * PGlite keeps no lock of its own (its postmaster.pid holds a fake pid), and two processes writing
 * the same files corrupt them. A sibling `<dir>.lock` file holds the owning pid.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  if (openInThisProcess.has(dataDir)) {
    throw new StartupError(`the embedded database folder ${dataDir} is already open in this process; close it first or use another DATA_DIR`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(`${process.pid}\n${os.hostname()}\n`);
      await handle.close();
      openInThisProcess.add(dataDir);
      return async () => {
        openInThisProcess.delete(dataDir);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StartupError(`cannot create the lock file ${lockFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}); set DATA_DIR to a writable folder`, { cause: error });
      }
      const [pidText, host] = (await readFile(lockFile, 'utf8').catch(() => '')).split('\n');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && host === os.hostname() && pid !== process.pid && isAlive(pid)) {
        throw new StartupError(
          `the embedded database in ${dataDir} is in use by another process (pid ${pid}); stop that process, or set DATA_DIR to another folder`,
        );
      }
      // Left behind by a process that is gone: take it over.
      await rm(lockFile, { force: true });
    }
  }
  throw new StartupError(`cannot lock the embedded database in ${dataDir}; remove ${lockFile} if no Cadence process is running`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'unknown error';
}

let pristine: Promise<Blob | undefined> | undefined;

/**
 * A new in-memory PGlite. Running initdb costs seconds, so the first call in a machine's life saves
 * a freshly initialised database to the OS temp folder and later calls load that copy.
 */
export async function createMemoryPglite(): Promise<PGlite> {
  pristine ??= loadOrCreateDump(`pglite-${pgliteVersion()}-empty`, async () => {
    const fresh = await PGlite.create();
    try {
      return await fresh.dumpDataDir('gzip');
    } finally {
      await fresh.close();
    }
  });
  const image = await pristine;
  if (!image) return PGlite.create();
  // A damaged cache file (disk full while saving) only costs the initdb it was meant to save.
  return PGlite.create({ loadDataDir: image }).catch(() => PGlite.create());
}

/** Creates an in-memory PGlite from a saved data directory image. */
export function pgliteFromImage(image: Blob): Promise<PGlite> {
  return PGlite.create({ loadDataDir: image });
}

/** Where loadOrCreateDump keeps its images (`<key>.tar.gz`). */
export const PGLITE_CACHE_DIR = path.join(os.tmpdir(), 'cadence-pglite-cache');

/**
 * Returns the data directory image cached under `key` in the OS temp folder, building and saving
 * it with `build` when missing. Saving is atomic (write, then rename), so parallel processes at
 * worst build it twice. Returns undefined only if building fails.
 */
export async function loadOrCreateDump(key: string, build: () => Promise<Blob>): Promise<Blob | undefined> {
  const dir = PGLITE_CACHE_DIR;
  const file = path.join(dir, `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.tar.gz`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const image = await build();
  try {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, Buffer.from(await image.arrayBuffer()));
    await rename(tmp, file);
  } catch {
    // A read-only temp folder only costs speed.
  }
  return image;
}

/** A short stable hash, for cache keys. */
export function hashOf(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (part of cache keys: an image only loads into the same build). */
export function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    // The package's exports hide package.json; walk up from the entry point.
    let dir = path.dirname(entry);
    while (path.basename(dir) !== 'pglite' && dir !== path.dirname(dir)) dir = path.dirname(dir);
    return (require(path.join(dir, 'package.json')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
