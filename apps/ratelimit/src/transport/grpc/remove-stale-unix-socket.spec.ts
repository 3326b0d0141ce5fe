import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { removeStaleUnixSocket, unixSocketPath, UnixSocketInUseError } from './remove-stale-unix-socket';

describe(unixSocketPath.name, () => {
  it('reads both grpc-js unix address forms and nothing else', () => {
    assert.equal(unixSocketPath('unix:/run/rl.sock'), '/run/rl.sock');
    assert.equal(unixSocketPath('unix:///run/rl.sock'), '/run/rl.sock');
    assert.equal(unixSocketPath('unix:relative.sock'), 'relative.sock');
    assert.equal(unixSocketPath('127.0.0.1:8081'), undefined);
    assert.equal(unixSocketPath('[::1]:8081'), undefined);
  });
});

describe(removeStaleUnixSocket.name, () => {
  const dir = scratchDir('uds-unit');

  it('has nothing to do when the path does not exist', async () => {
    assert.equal(await removeStaleUnixSocket(join(dir, 'none.sock')), false);
  });

  it('leaves a path that is not a socket alone', async () => {
    const path = join(dir, 'file');
    writeFileSync(path, 'data');
    await assert.rejects(removeStaleUnixSocket(path), {
      name: UnixSocketInUseError.name,
      message: `cannot listen on unix socket ${path}: the path exists and is not a socket`,
    });
    assert.ok(existsSync(path));
  });

  it('does not take over a socket that is being served', async () => {
    const path = join(dir, 'live.sock');
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      await assert.rejects(removeStaleUnixSocket(path), {
        message: `cannot listen on unix socket ${path}: another process is serving it (stop that process first)`,
      });
      assert.ok(existsSync(path));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
