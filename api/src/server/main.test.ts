/**
 * Boots the real process: start-up failures end with one clear line (never a stack trace), and
 * SIGTERM lets in-flight work finish and exits cleanly.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';

const root = path.resolve(import.meta.dirname, '../../..');

function boot(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server/main.ts'], {
    cwd: root,
    // PORT 0 unless a case names one: the port is checked before the database, so a busy 4000 must not decide the other cases.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe('start-up', () => {
  it.each([
    [{ PORT: 'abc' }, "cadence: invalid configuration: PORT must be a whole number from 0 to 65535 (got 'abc')"],
    [{ DATABASE_URL: 'nonsense' }, 'cadence: invalid configuration: DATABASE_URL is not a valid URL'],
    [{ DATABASE_URL: 'postgres://x@127.0.0.1:1/db' }, 'cadence: cannot reach PostgreSQL at 127.0.0.1:1'],
  ])('stops with one clear line for %j', async (env, line) => {
    const p = boot({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cadence-boot-')), ...env });
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(line);
  }, 180_000);

  it('refuses a data directory that is not a database', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-boot-'));
    mkdirSync(path.join(dir, 'pglite'));
    writeFileSync(path.join(dir, 'pglite', 'notes.txt'), 'not a database');
    const p = boot({ DATA_DIR: dir });
    expect(await p.exited).toBe(1);
    expect(p.err().trim().split('\n')).toEqual([expect.stringContaining('is not a PGlite database')]);
  }, 180_000);

  it('serves, then shuts down cleanly on SIGTERM; a second process on the same port gets one clear line', async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), 'cadence-boot-'));
    const p = boot({ DATA_DIR: dir, PORT: String(port) });
    // A fresh embedded database migrates first: on a loaded machine that has taken over 30 s.
    let exitedEarly = false;
    void p.exited.then(() => (exitedEarly = true));
    for (let i = 0; i < 600 && !exitedEarly && !p.out().includes('"listening"'); i++) await new Promise((r) => setTimeout(r, 250));
    expect(p.out()).toContain('"listening"');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    // Refused before it creates (and migrates) a database in its own empty folder.
    const secondDir = mkdtempSync(path.join(tmpdir(), 'cadence-boot-'));
    const second = boot({ DATA_DIR: secondDir, PORT: String(port) });
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain(`cadence: port ${port} on 127.0.0.1 is already in use`);
    expect(existsSync(path.join(secondDir, 'pglite'))).toBe(false);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.out()).toContain('"msg":"stopped"');
  }, 240_000);
});
