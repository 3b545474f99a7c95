import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { tarSize, tarStream, type TarEntry } from './tar.ts';

async function collect(gen: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const b of gen) parts.push(b);
  return Buffer.concat(parts);
}

describe('tarStream', () => {
  it('writes an archive the system tar reads back byte for byte, long names included', async () => {
    const a = Buffer.from('hello');
    const b = Buffer.alloc(1500, 7);
    const long = `${'Very Long Release Title '.repeat(4)}-1234/${'01 - A track with a rather long title '.repeat(2)}.wav`;
    const tar = await collect(
      tarStream([
        { name: 'Album/cover.png', size: a.length, open: async () => Readable.from([a]) },
        { name: long, size: b.length, open: async () => Readable.from([b.subarray(0, 700), b.subarray(700)]) },
      ]),
    );
    expect(tar.length % 512).toBe(0);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-tar-'));
    await writeFile(path.join(dir, 'x.tar'), tar);
    execFileSync('tar', ['-xf', 'x.tar'], { cwd: dir });
    expect(await readFile(path.join(dir, 'Album/cover.png'))).toEqual(a);
    expect(await readFile(path.join(dir, long))).toEqual(b);
  });

  it('keeps the .wav of a 40-character Japanese title (PAX header), and says its exact size up front', async () => {
    const title = 'ありがとうの歌と夜明けの光が降る街で君を待つ物語の始まりと終わりの静かな夜の歌声';
    expect([...title]).toHaveLength(40);
    const b = Buffer.alloc(700, 3);
    const name = `Album - 2026/01 - ${title}.wav`;
    const entries: TarEntry[] = [
      { name: 'Album - 2026/cover.jpg', size: 5, open: async () => Readable.from([Buffer.from('cover')]) },
      { name, size: b.length, open: async () => Readable.from([b]) },
    ];
    const archive = await collect(tarStream(entries));
    expect(archive.length).toBe(await tarSize(entries));

    const names: string[] = [];
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      names.push(header.name);
      stream.on('end', next);
      stream.resume();
    });
    await new Promise<void>((resolve, reject) => {
      extract.on('finish', resolve).on('error', reject);
      extract.end(archive);
    });
    expect(names).toEqual(['Album - 2026/cover.jpg', name]);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-tar-'));
    await writeFile(path.join(dir, 'x.tar'), archive);
    execFileSync('tar', ['-xf', 'x.tar'], { cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    expect(await readFile(path.join(dir, name))).toEqual(b);
  });

  it('fails when a stored file is shorter than its recorded size (no silently broken archive)', async () => {
    const gen = tarStream([{ name: 'x.wav', size: 10, open: async () => Readable.from([Buffer.from('abc')]) }]);
    await expect(collect(gen)).rejects.toThrow(/3 bytes, expected 10/);
  });
});
