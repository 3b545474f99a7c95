/**
 * Benchmark (issue 5): uploads a 500 MB WAV through POST /api/track/upload and prints the server
 * process's peak memory growth (target: under 64 MB) and the throughput. The WAV is generated
 * on the fly, so the client holds no more of it in memory than the server should.
 *
 *   npx tsx bench/upload-memory.ts          (BENCH_UPLOAD_MB=500 by default)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';

const megabytes = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const root = path.resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/releases-server.ts'], { cwd: root, env: { ...process.env, BENCH_DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
const ready = await new Promise<{ app: number; cookie: string; draftReleaseId: string; pid: number }>((resolve, reject) => {
  readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});

const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${ready.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

// A 16-bit stereo 44.1 kHz PCM WAV of the requested size, streamed in 1 MiB chunks of silence.
const dataBytes = megabytes * 1024 * 1024;
function wavHeader(): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + dataBytes, 4); h.write('WAVE', 8);
  h.write('fmt ', 12); h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(2, 22);
  h.writeUInt32LE(44_100, 24); h.writeUInt32LE(44_100 * 4, 28); h.writeUInt16LE(4, 32); h.writeUInt16LE(16, 34);
  h.write('data', 36); h.writeUInt32LE(dataBytes, 40);
  return h;
}
const boundary = `----cadence${Date.now()}`;
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="releaseId"\r\n\r\n${ready.draftReleaseId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const chunk = Buffer.alloc(1024 * 1024);
async function* body() {
  yield head;
  yield wavHeader();
  for (let sent = 0; sent < dataBytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, dataBytes - sent));
  yield tail;
}

await new Promise((r) => setTimeout(r, 1000));
if (typeof global.gc === 'function') global.gc();
const baseline = rssMb();
let peak = baseline;
const poll = setInterval(() => (peak = Math.max(peak, rssMb())), 25);
const started = Date.now();
const status = await new Promise<number>((resolve, reject) => {
  const req = http.request(
    {
      host: '127.0.0.1', port: ready.app, method: 'POST', path: '/api/track/upload',
      headers: { cookie: ready.cookie, 'x-requested-with': 'bench', 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + 44 + dataBytes + tail.length },
    },
    (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    },
  );
  req.on('error', reject);
  Readable.from(body()).pipe(req);
});
const seconds = (Date.now() - started) / 1000;
clearInterval(poll);
console.log(`uploaded ${megabytes} MB WAV: HTTP ${status} in ${seconds.toFixed(1)} s (${(megabytes / seconds).toFixed(0)} MB/s)`);
console.log(`server RSS: baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - baseline).toFixed(1)} MB (target < 64 MB)`);
child.kill('SIGTERM');
