// The Node.js options the API server runs with, shared by `npm start` and the benchmarks so that
// what is measured is what runs.
//
// V8 grows its heap lazily under a high allocation rate: a flood of small refused requests took the
// server from ~380 MB to ~600 MB of RSS with under 200 MB of it live (bench/abuse.ts). A ceiling on
// the old generation makes it collect sooner instead; API_HEAP_MB raises it for a large deployment.
// The embedded database's WebAssembly memory is outside this ceiling.
export const DEFAULT_HEAP_MB = 384;

/** Node arguments for the API process: the heap ceiling, then tsx. */
export function serverNodeArgs(env = process.env) {
  const heapMb = Number(env.API_HEAP_MB ?? DEFAULT_HEAP_MB);
  if (!Number.isInteger(heapMb) || heapMb < 128) throw new Error(`API_HEAP_MB must be a whole number of megabytes, at least 128 (got '${env.API_HEAP_MB}')`);
  return [`--max-old-space-size=${heapMb}`, '--import', 'tsx'];
}

/**
 * Environment for the API process. glibc raises its mmap threshold each time a large block is
 * freed, so after the first password hashes (argon2 takes 19 MiB a time, on libuv's threads) such
 * blocks come from per-thread arenas that never shrink: ~150 MB of the idle server's RSS was
 * freed-but-kept hash memory (bench/abuse.ts). A fixed threshold gives large blocks back on free.
 * A value already in the environment wins.
 */
export function serverEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}
