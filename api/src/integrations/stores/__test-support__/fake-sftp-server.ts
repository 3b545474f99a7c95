/**
 * A real SFTP server for tests, on the `ssh2` package, serving a folder on disk on 127.0.0.1.
 * It answers what ssh2-sftp-client uses to upload (REALPATH, STAT, LSTAT, FSTAT, SETSTAT,
 * FSETSTAT, OPEN, WRITE, READ, CLOSE, MKDIR, OPENDIR, READDIR, REMOVE, RENAME) and can be told to
 * die after a number of bytes, to test an upload cut off mid-way.
 */
import { closeSync, constants as fsc, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, lstatSync, writeSync, type Stats } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { OPEN_MODE, STATUS_CODE } = utils.sftp;

export interface FakeSftpServer {
  port: number;
  /** The client key to configure in the endpoint (OpenSSH private key). */
  clientPrivateKey: string;
  username: string;
  /** Every SFTP request type received, in order (OPEN, WRITE...). */
  requests: string[];
  /** Cut every connection and stop listening once this many file bytes have been written in total. */
  dieAfterBytes(bytes: number | null): void;
  /** Starts listening again on the same port (after a stop). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function attrsOf(st: Stats) {
  return { mode: st.mode, uid: st.uid, gid: st.gid, size: st.size, atime: Math.floor(st.atimeMs / 1000), mtime: Math.floor(st.mtimeMs / 1000) };
}

/** Starts the server on a random port, serving `root` (the SFTP `/`). */
export async function startFakeSftpServer(root: string): Promise<FakeSftpServer> {
  const hostKey = utils.generateKeyPairSync('ecdsa', { bits: 256 });
  const client = utils.generateKeyPairSync('ecdsa', { bits: 256 });
  const allowed = utils.parseKey(client.public);
  if (allowed instanceof Error) throw allowed;
  const username = 'store';
  const requests: string[] = [];
  let written = 0;
  let limit: number | null = null;
  let port = 0;
  const sockets = new Set<net.Socket>();
  const resolve = (p: string) => {
    const full = path.join(root, path.posix.normalize(`/${p}`));
    if (!full.startsWith(root)) throw new Error('outside root');
    return full;
  };

  const make = () =>
    new Server({ hostKeys: [hostKey.private] }, (conn) => {
      conn.on('authentication', (ctx) => {
        if (ctx.method !== 'publickey' || ctx.username !== username || ctx.key.algo !== allowed.type || !ctx.key.data.equals(allowed.getPublicSSH())) return ctx.reject(['publickey']);
        if (!ctx.signature) return ctx.accept();
        if (ctx.blob && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
        return ctx.reject(['publickey']);
      });
      conn.on('error', () => undefined);
      conn.on('ready', () => {
        conn.on('session', (accept) => {
          const session = accept();
          session.on('sftp', (acceptSftp) => {
            const sftp = acceptSftp();
            const handles = new Map<number, { fd?: number; dir?: string; listed?: boolean; path: string }>();
            let next = 0;
            const handleOf = (buf: Buffer) => handles.get(buf.readUInt32BE(0));
            const newHandle = (h: { fd?: number; dir?: string; path: string }) => {
              const id = next++;
              handles.set(id, h);
              const b = Buffer.alloc(4);
              b.writeUInt32BE(id, 0);
              return b;
            };
            const guard = (reqid: number, fn: () => void) => {
              try {
                fn();
              } catch (err) {
                const code = (err as NodeJS.ErrnoException).code;
                sftp.status(reqid, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : code === 'EACCES' ? STATUS_CODE.PERMISSION_DENIED : STATUS_CODE.FAILURE);
              }
            };
            sftp.on('REALPATH', (reqid, p) => {
              requests.push('REALPATH');
              const norm = path.posix.normalize(`/${p}`);
              sftp.name(reqid, [{ filename: norm, longname: norm, attrs: {} as never }]);
            });
            for (const ev of ['STAT', 'LSTAT'] as const) {
              sftp.on(ev, (reqid: number, p: string) => {
                requests.push(ev);
                guard(reqid, () => sftp.attrs(reqid, attrsOf(ev === 'STAT' ? statSync(resolve(p)) : lstatSync(resolve(p)))));
              });
            }
            sftp.on('FSTAT', (reqid, h) => {
              requests.push('FSTAT');
              const handle = handleOf(h);
              if (handle?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
              sftp.attrs(reqid, attrsOf(fstatSync(handle.fd)));
            });
            sftp.on('SETSTAT', (reqid) => {
              requests.push('SETSTAT');
              sftp.status(reqid, STATUS_CODE.OK);
            });
            sftp.on('FSETSTAT', (reqid) => {
              requests.push('FSETSTAT');
              sftp.status(reqid, STATUS_CODE.OK);
            });
            sftp.on('OPEN', (reqid, p, flags) => {
              requests.push('OPEN');
              guard(reqid, () => {
                let mode = 0;
                if (flags & OPEN_MODE.READ && flags & OPEN_MODE.WRITE) mode = fsc.O_RDWR;
                else if (flags & OPEN_MODE.WRITE) mode = fsc.O_WRONLY;
                if (flags & OPEN_MODE.CREAT) mode |= fsc.O_CREAT;
                if (flags & OPEN_MODE.TRUNC) mode |= fsc.O_TRUNC;
                if (flags & OPEN_MODE.APPEND) mode |= fsc.O_APPEND;
                if (flags & OPEN_MODE.EXCL) mode |= fsc.O_EXCL;
                const fd = openSync(resolve(p), mode, 0o644);
                sftp.handle(reqid, newHandle({ fd, path: p }));
              });
            });
            sftp.on('WRITE', (reqid, h, offset, data) => {
              requests.push('WRITE');
              const handle = handleOf(h);
              if (handle?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
              writeSync(handle.fd, data, 0, data.length, offset);
              written += data.length;
              if (limit !== null && written >= limit) {
                limit = null;
                void server.stop();
                return;
              }
              sftp.status(reqid, STATUS_CODE.OK);
            });
            sftp.on('READ', (reqid, h, offset, length) => {
              requests.push('READ');
              const handle = handleOf(h);
              if (handle?.fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
              const buf = Buffer.alloc(length);
              const n = readSync(handle.fd, buf, 0, length, offset);
              if (n === 0) return sftp.status(reqid, STATUS_CODE.EOF);
              sftp.data(reqid, buf.subarray(0, n));
            });
            sftp.on('CLOSE', (reqid, h) => {
              requests.push('CLOSE');
              const handle = handleOf(h);
              if (handle?.fd !== undefined) closeSync(handle.fd);
              handles.delete(h.readUInt32BE(0));
              sftp.status(reqid, STATUS_CODE.OK);
            });
            sftp.on('MKDIR', (reqid, p) => {
              requests.push('MKDIR');
              guard(reqid, () => {
                mkdirSync(resolve(p));
                sftp.status(reqid, STATUS_CODE.OK);
              });
            });
            sftp.on('OPENDIR', (reqid, p) => {
              requests.push('OPENDIR');
              guard(reqid, () => {
                statSync(resolve(p));
                sftp.handle(reqid, newHandle({ dir: resolve(p), path: p }));
              });
            });
            sftp.on('READDIR', (reqid, h) => {
              requests.push('READDIR');
              const handle = handleOf(h);
              if (!handle?.dir) return sftp.status(reqid, STATUS_CODE.FAILURE);
              if (handle.listed) return sftp.status(reqid, STATUS_CODE.EOF);
              handle.listed = true;
              const names = readdirSync(handle.dir).map((filename) => ({ filename, longname: filename, attrs: attrsOf(statSync(path.join(handle.dir!, filename))) }));
              sftp.name(reqid, names);
            });
            sftp.on('REMOVE', (reqid, p) => {
              requests.push('REMOVE');
              guard(reqid, () => {
                rmSync(resolve(p));
                sftp.status(reqid, STATUS_CODE.OK);
              });
            });
            sftp.on('RENAME', (reqid, from, to) => {
              requests.push('RENAME');
              guard(reqid, () => {
                renameSync(resolve(from), resolve(to));
                sftp.status(reqid, STATUS_CODE.OK);
              });
            });
          });
        });
      });
    });

  // Our own TCP server hands sockets to ssh2 (injectSocket), so stop() can cut uploads in flight.
  const ssh = make();
  let tcp: net.Server | null = null;
  const listen = () =>
    new Promise<void>((ok, fail) => {
      tcp = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        ssh.injectSocket(socket);
      });
      tcp.once('error', fail);
      tcp.listen(port, '127.0.0.1', () => {
        port = (tcp!.address() as AddressInfo).port;
        ok();
      });
    });
  await listen();

  const server: FakeSftpServer = {
    get port() {
      return port;
    },
    clientPrivateKey: client.private,
    username,
    requests,
    dieAfterBytes(bytes) {
      limit = bytes === null ? null : written + bytes;
    },
    restart: listen,
    async stop() {
      for (const s of sockets) s.destroy();
      sockets.clear();
      const t = tcp;
      tcp = null;
      if (t) await new Promise<void>((ok) => t.close(() => ok()));
    },
  };
  return server;
}
