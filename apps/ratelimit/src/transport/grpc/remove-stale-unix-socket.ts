// GRPC_UDS: before listening on a unix socket path, a socket file left by a process that died
// (kill -9, OOM) is removed, so the service restarts without manual cleanup. (The reference does
// not remove it and fails to start.) A path that a live process still serves is never taken
// over: probing it with a connect tells the two apart. Anything other than a socket is left
// alone: that path was not ours.
import { lstat, unlink } from 'node:fs/promises';
import { connect } from 'node:net';

/** Most time a probe waits for the other end; no answer counts as alive (never steal). */
const PROBE_TIMEOUT_MS = 1000;

export class UnixSocketInUseError extends Error {
  override readonly name = 'UnixSocketInUseError';
}

/** The socket path of a grpc-js `unix:path` / `unix:///abs/path` address, else undefined. */
export function unixSocketPath(address: string): string | undefined {
  if (address.startsWith('unix://')) return address.slice('unix://'.length);
  if (address.startsWith('unix:')) return address.slice('unix:'.length);
  return undefined;
}

/** Resolves true when a stale socket file was removed, false when there was none. */
export async function removeStaleUnixSocket(path: string): Promise<boolean> {
  let isSocket: boolean;
  try {
    isSocket = (await lstat(path)).isSocket();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new UnixSocketInUseError(`cannot inspect unix socket path ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!isSocket) {
    throw new UnixSocketInUseError(
      `cannot listen on unix socket ${path}: the path exists and is not a socket`,
    );
  }
  const probe = await probeSocket(path);
  if (probe !== 'stale') {
    const reason =
      probe === 'alive'
        ? 'another process is serving it (stop that process first)'
        : `probing it failed: ${probe}`;
    throw new UnixSocketInUseError(`cannot listen on unix socket ${path}: ${reason}`);
  }
  try {
    await unlink(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return true;
}

/**
 * Connects once: accepted (or no answer in time) = alive; refused or gone = stale; any other
 * failure (e.g. EACCES) is returned as its message, and the file is left alone.
 */
function probeSocket(path: string): Promise<'alive' | 'stale' | string> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    const done = (result: 'alive' | 'stale' | string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done('alive'));
    socket.once('connect', () => done('alive'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'stale' : error.message),
    );
  });
}
