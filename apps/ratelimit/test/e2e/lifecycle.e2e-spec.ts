// The service as a process (docs/service.md, "Start-up and signals"): bad settings stop it before
// any port opens; SIGHUP reloads; SIGTERM turns /healthcheck unhealthy at once, lets calls in
// flight finish and exits 0.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, describe, it } from 'node:test';
import { isProcessAlive, startRedis, stopAllServers, waitFor } from '@repo/test-support';
import { YOUNG_GENERATION_FLAG } from '../../src/bundle/young-generation';
import { E2E_TARGET } from '../../load/e2e-target';
import { createRulesDir } from '../../load/rules-dir';
import { createRlsClient, rlsRequest } from '../../load/rls-client';
import { startServiceProcess, waitUntilHealthy, type ServiceProcess } from '../../load/start-service-process';

const RULES =
  'domain: life\ndescriptors:\n  - key: k\n    rate_limit: { unit: hour, requests_per_unit: 1000 }\n';
const started: ServiceProcess[] = [];

async function start(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await startServiceProcess(env);
  started.push(service);
  return service;
}

/** The command line process `pid` runs now. */
function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg !== '');
}

/** The production entry caps the young generation (young-generation.ts); the compiled tree starts as it is. */
const CAPS_YOUNG_GENERATION = E2E_TARGET === 'bundle';

/** PIDs of the direct children of `pid` (the cluster workers). */
function childPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children === '' ? [] : children.split(' ').map(Number);
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('service process lifecycle', () => {
  after(async () => {
    started.forEach((service) => service.kill());
    await stopAllServers();
  });

  it('exits 1 listing every bad setting, without opening a port', async () => {
    const service = await start({ LOG_LEVEL: 'loud', KV_TIMEOUT: '10', NEAR_LIMIT_RATIO: 'abc' });
    assert.equal(await service.exited, 1);
    const lines = service.output().trim().split('\n');
    assert.equal(lines[0], 'invalid settings:');
    assert.ok(
      lines.some((line) => line.startsWith('LOG_LEVEL=loud: ')),
      service.output(),
    );
    assert.ok(
      lines.some((line) => line.startsWith('KV_TIMEOUT=10: ')),
      service.output(),
    );
    assert.ok(
      lines.some((line) => line.startsWith('NEAR_LIMIT_RATIO=abc: ')),
      service.output(),
    );
    assert.equal(await isListening(service.httpPort), false);
    assert.equal(await isListening(service.grpcPort), false);
  });

  it('starts with a setting accepted for compatibility, logging one warning line naming it', async () => {
    const rules = createRulesDir({ 'life.yaml': RULES });
    const service = await start({ ...rules.env, BACKEND_TYPE: 'memory', REDIS_POOL_SIZE: '20' });
    await waitUntilHealthy(service);
    const warnings = service
      .output()
      .split('\n')
      .filter((line) => line.includes('accepted for compatibility'));
    assert.equal(warnings.length, 1, service.output());
    assert.match(
      warnings[0],
      /level=warning msg="REDIS_POOL_SIZE=20: accepted for compatibility and ignored: /,
    );
  });

  it('on SIGTERM answers unhealthy at once, finishes the calls in flight and exits 0', async () => {
    // Redis 7 refuses DEBUG unless enabled (the reply is an error and nothing sleeps).
    const redis = await startRedis({ extraConfig: ['enable-debug-command yes'] });
    const rules = createRulesDir({ 'life.yaml': RULES });
    const service = await start({
      ...rules.env,
      REDIS_URL: redis.url,
      KV_TIMEOUT: '10s',
      SHUTDOWN_DRAIN_SECONDS: '10',
    });
    await waitUntilHealthy(service);
    const client = createRlsClient(`127.0.0.1:${service.grpcPort}`);
    try {
      assert.equal((await client.shouldRateLimit(rlsRequest('life', [['k', 'warm']]))).overallCode, 'OK');
      // Redis blocked for 1.5 s: these calls are in flight when SIGTERM arrives.
      void redis.command('DEBUG', 'SLEEP', '1.5');
      const inFlight = Array.from({ length: 16 }, (_, i) =>
        client.shouldRateLimit(rlsRequest('life', [['k', `c${i}`]])),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      service.child.kill('SIGTERM');
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${service.httpPort}/healthcheck`)).status === 500,
        { timeoutMs: 5000, description: '/healthcheck unhealthy after SIGTERM' },
      );
      const responses = await Promise.all(inFlight);
      assert.deepEqual(
        responses.map((response) => response.overallCode),
        responses.map(() => 'OK'),
      );
      assert.equal(await service.exited, 0);
    } finally {
      client.close();
      await redis.stop();
    }
  });

  it('runs WORKERS processes on the same ports, and SIGTERM stops them all with exit 0', async () => {
    const redis = await startRedis();
    const rules = createRulesDir({ 'life.yaml': RULES });
    const service = await start({ ...rules.env, REDIS_URL: redis.url, WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      await waitFor(() => service.output().match(/ratelimit serving/g)?.length === 2, {
        timeoutMs: 30_000,
        description: 'two workers serving',
      });
      const workers = childPids(service.child.pid!);
      assert.equal(workers.length, 2);
      for (const pid of [service.child.pid!, ...workers])
        assert.equal(commandLine(pid).includes(YOUNG_GENERATION_FLAG), CAPS_YOUNG_GENERATION, `${pid}`);
      const client = createRlsClient(`127.0.0.1:${service.grpcPort}`);
      try {
        const remaining = [];
        for (let i = 0; i < 4; i++) {
          remaining.push(
            (await client.shouldRateLimit(rlsRequest('life', [['k', 'shared']]))).statuses[0].limitRemaining,
          );
        }
        assert.deepEqual(remaining, [999, 998, 997, 996], 'one counter in Redis whichever worker answers');
      } finally {
        client.close();
      }
      service.child.kill('SIGTERM');
      assert.equal(await service.exited, 0);
      assert.deepEqual(workers.filter(isProcessAlive), []);
    } finally {
      await redis.stop();
    }
  });

  it(`${CAPS_YOUNG_GENERATION ? 'runs' : 'the compiled tree runs'} in the process it was started as, ${CAPS_YOUNG_GENERATION ? 'with' : 'without'} ${YOUNG_GENERATION_FLAG}; a size in NODE_OPTIONS is kept`, async () => {
    const rules = createRulesDir({ 'life.yaml': RULES });
    const capped = await start(rules.env);
    const kept = await start({ ...rules.env, NODE_OPTIONS: '--max-semi-space-size=8' });
    await Promise.all([waitUntilHealthy(capped), waitUntilHealthy(kept)]);
    const [cappedArgs, keptArgs] = [commandLine(capped.child.pid!), commandLine(kept.child.pid!)];
    assert.equal(cappedArgs.includes(YOUNG_GENERATION_FLAG), CAPS_YOUNG_GENERATION, cappedArgs.join(' '));
    assert.ok(!keptArgs.some((arg) => arg.includes('semi-space')), keptArgs.join(' '));
    for (const service of [capped, kept]) {
      service.child.kill('SIGTERM');
      assert.equal(await service.exited, 0);
    }
  });

  it('reloads the rules on SIGHUP and keeps running', async () => {
    const rules = createRulesDir({ 'life.yaml': RULES });
    const service = await start({ ...rules.env, LOG_LEVEL: 'info' });
    await waitUntilHealthy(service);
    service.child.kill('SIGHUP');
    await waitFor(() => service.output().match(/successfully loaded new configuration/g)?.length === 2, {
      timeoutMs: 10_000,
      description: 'a second successful load',
    });
    assert.equal((await fetch(`http://127.0.0.1:${service.httpPort}/healthcheck`)).status, 200);
    service.child.kill('SIGTERM');
    assert.equal(await service.exited, 0);
  });
});
