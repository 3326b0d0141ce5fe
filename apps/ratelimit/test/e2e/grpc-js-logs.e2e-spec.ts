// grpc-js's own log lines go through the service's logger: with LOG_FORMAT=json every line the
// service writes, on stdout and stderr, is one JSON object, also when grpc-js itself complains
// (here: the gRPC port is taken, and grpc-js logs `No address added out of total 1 resolved`).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, LOOPBACK } from '@repo/test-support';
import { SERVICE_MAIN } from '../../load/e2e-target';

function readAll(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk) => (text += chunk));
  return () => text;
}

describe('grpc-js log lines', () => {
  it('are JSON lines of the service logger with LOG_FORMAT=json, also when the gRPC port is taken', async () => {
    const taken = createServer();
    taken.listen(0, LOOPBACK);
    await once(taken, 'listening');
    const grpcPort = (taken.address() as { port: number }).port;
    try {
      const service = spawn(process.execPath, [SERVICE_MAIN], {
        env: {
          PATH: process.env.PATH,
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'info',
          USE_STATSD: 'false',
          HOST: LOOPBACK,
          PORT: String(await freePort()),
          GRPC_HOST: LOOPBACK,
          GRPC_PORT: String(grpcPort),
          DEBUG_HOST: LOOPBACK,
          DEBUG_PORT: String(await freePort()),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const [stdout, stderr] = [readAll(service.stdout), readAll(service.stderr)];
      const [code] = (await once(service, 'close')) as [number | null];
      assert.equal(code, 1, stdout() + stderr());
      const lines = (stdout() + stderr()).split('\n').filter((line) => line !== '');
      const records = lines.map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          assert.fail(`not a JSON line: ${line}`);
        }
      });
      assert.deepEqual(
        records
          .filter((record) => record.component === 'grpc-js')
          .map(({ level, component, '@message': message }) => ({ level, component, message })),
        [{ level: 'error', component: 'grpc-js', message: 'No address added out of total 1 resolved' }],
      );
      assert.match(String(records.at(-1)?.['@message']), /^ratelimit failed to start: No address added/);
    } finally {
      taken.close();
    }
  });
});
