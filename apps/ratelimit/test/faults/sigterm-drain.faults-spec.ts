// SIGTERM under load (docs/service.md, "Start-up and signals"): /healthcheck turns unhealthy at
// once, the 64 gRPC calls and the /json requests in flight all complete, and the process exits 0
// within SHUTDOWN_DRAIN_SECONDS, even with an idle keep-alive HTTP client and a client stuck
// half-way through its headers.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { after, describe, it } from 'node:test';
import { startRedis, stopAllServers, waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: drain
descriptors:
  - key: k
    rate_limit: { unit: hour, requests_per_unit: 100000 }
`;
const DRAIN_SECONDS = 5;
/** Process exit after the drain: closing the store, the rule watcher and the listeners. */
const EXIT_ALLOWANCE_MS = 2000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a raw TCP connection to the HTTP port and writes `text`; the socket stays open. */
function rawHttpClient(port: number, text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text, () => resolve(socket)));
    socket.on('error', reject);
    socket.resume();
  });
}

describe('SIGTERM under load', () => {
  let service: FaultService | undefined;
  const sockets: Socket[] = [];

  after(async () => {
    sockets.forEach((socket) => socket.destroy());
    service?.kill();
    await stopAllServers();
  });

  // Longer than 40 lines on purpose: one shutdown, watched from every side while it happens.
  it('answers every call in flight, turns unhealthy at once and exits 0 within the drain', async (t) => {
    const redis = await startRedis();
    const rules = createRulesDir({ 'drain.yaml': RULES });
    // A store timeout longer than Redis is frozen below, so the calls wait in flight instead of failing.
    const running = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      KV_TIMEOUT: '5s',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
    service = running;
    assert.equal((await running.grpc.call(rlsRequest('drain', [['k', 'warm']]))).code, 'OK');
    const idleRequest = `GET /healthcheck HTTP/1.1\r\nHost: rl\r\nConnection: keep-alive\r\n\r\n`;
    sockets.push(await rawHttpClient(running.httpPort, idleRequest));
    sockets.push(await rawHttpClient(running.httpPort, `POST /json HTTP/1.1\r\nHost: rl\r\nContent-Le`));

    // Redis frozen: the calls below stay in flight inside the service until SIGCONT.
    process.kill(redis.pid, 'SIGSTOP');
    const grpcCalls = Array.from({ length: 64 }, (_, i) =>
      running.grpc.call(rlsRequest('drain', [['k', `c${i}`]])),
    );
    const body = (i: number) =>
      JSON.stringify({ domain: 'drain', descriptors: [{ entries: [{ key: 'k', value: `j${i}` }] }] });
    const jsonCalls = Array.from({ length: 8 }, (_, i) =>
      fetch(`${running.httpUrl}/json`, { method: 'POST', body: body(i) }).then((response) => response.status),
    );
    await pause(300);
    const signalledAt = performance.now();
    running.child.kill('SIGTERM');
    await waitFor(async () => (await running.health()) === 500, {
      timeoutMs: 2000,
      intervalMs: 5,
      description: '/healthcheck 500 after SIGTERM',
    });
    const unhealthyAfterMs = performance.now() - signalledAt;
    const afterSignal = await running.grpc.call(rlsRequest('drain', [['k', 'late']]), 3000);
    await pause(Math.max(0, signalledAt + 1000 - performance.now()));
    process.kill(redis.pid, 'SIGCONT');
    const outcomes = await Promise.all(grpcCalls);
    const statuses = await Promise.all(jsonCalls);
    const exitCode = await running.exitWithin(DRAIN_SECONDS * 1000 + 10_000);
    const exitedAfterMs = performance.now() - signalledAt;

    reportFigure(t, 'sigterm.unhealthy_after_ms', unhealthyAfterMs);
    reportFigure(t, 'sigterm.exited_after_ms', exitedAfterMs);
    reportFigure(t, 'sigterm.new_grpc_call_after_signal', afterSignal.code);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.code),
      outcomes.map(() => 'OK'),
    );
    assert.deepEqual(
      statuses,
      statuses.map(() => 200),
    );
    assert.equal(exitCode, 0, running.output());
    assert.ok(exitedAfterMs <= DRAIN_SECONDS * 1000 + EXIT_ALLOWANCE_MS, `exited after ${exitedAfterMs} ms`);
    await redis.stop();
  });
});
