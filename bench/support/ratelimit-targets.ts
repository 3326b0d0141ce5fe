// The servers the ratelimit benchmark measures, each a child process started per measurement:
// the bare grpc-js ceiling, the pipelined grpc-js + ioredis peer, and the service with a store.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, scratchDir } from '@repo/test-support';
import { spawnServer, type StartedServer } from './spawn-server';

export interface Target {
  readonly name: string;
  /** Starts the server for requests of `descriptors` descriptors (the ceiling's canned answer). */
  start(descriptors: number): Promise<StartedServer>;
}

/** Limits never reached, so every call is a full decision; `algorithm` as given (A8). */
const rulesWith = (algorithm: string) => `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: minute, requests_per_unit: 100000000, algorithm: ${algorithm} }
  - key: path
    value: /api/*
    rate_limit: { unit: second, requests_per_unit: 100000000, algorithm: ${algorithm} }
`;

const distBench = join(__dirname, '..');

/** The service of this build; `rules` and `main` (another build's) are for the several-limits part. */
export function serviceTarget(
  name: string,
  env: Record<string, string>,
  algorithm = 'fixed_window',
  rules = rulesWith(algorithm),
  main = join(distBench, '..', 'apps', 'ratelimit', 'main.js'),
): Target {
  const root = scratchDir('bench-rules');
  mkdirSync(join(root, 'ratelimit', 'config'), { recursive: true });
  writeFileSync(join(root, 'ratelimit', 'config', 'bench.yaml'), rules);
  const workers = Number(env.WORKERS ?? 1);
  return {
    name,
    start: async () => {
      const [port, httpPort, debugPort] = [await freePort(), await freePort(), await freePort()];
      const settings = {
        ...env,
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(port),
        HOST: '127.0.0.1',
        PORT: String(httpPort),
        DEBUG_HOST: '127.0.0.1',
        DEBUG_PORT: String(debugPort),
        RUNTIME_ROOT: root,
        RUNTIME_SUBDIRECTORY: 'ratelimit',
        RUNTIME_WATCH_ROOT: 'false',
        DISABLE_STATS: 'true',
        LOG_LEVEL: 'info',
      };
      return spawnServer([main], settings, port, /ratelimit serving/, workers);
    },
  };
}

export const bareTarget: Target = {
  name: 'bare grpc-js (ceiling)',
  start: async (descriptors) => {
    const port = await freePort();
    const script = join(distBench, 'support', 'bare-grpc-server.js');
    return spawnServer([script, String(port), String(descriptors)], {}, port, /listening/);
  },
};

export function pipelinedPeerTarget(redisUrl: string): Target {
  return {
    name: 'peer: grpc-js + ioredis pipeline',
    start: async () => {
      const port = await freePort();
      const script = join(distBench, 'support', 'pipelined-peer-server.js');
      return spawnServer([script, String(port), redisUrl], {}, port, /listening/);
    },
  };
}
