// The servers the ratelimit benchmark measures, each a child process started per measurement:
// the bare grpc-js ceiling, the pipelined grpc-js + ioredis peer, and the service with a store.
// The service runs as users run it: the production entry (dist/apps/ratelimit/main.js, what
// `npm start`, bin/ and the image start) with the default settings, statistics included; the
// compiled tree (dist/apps/ratelimit/src/main.js) only where a part compares the two builds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, scratchDir } from '@repo/test-support';
import { spawnServer, type StartedServer } from './spawn-server';

export interface Target {
  readonly name: string;
  /** Starts the server for requests of `descriptors` descriptors (the ceiling's canned answer). */
  start(descriptors: number): Promise<StartedServer>;
}

/** Limits never reached, so every call is a full decision; `algorithm` as given. */
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

/** The two builds of the service: what users run, and the SWC tree it is bundled from. */
export const SERVICE_ENTRIES = {
  production: join(distBench, '..', 'apps', 'ratelimit', 'main.js'),
  compiled: join(distBench, '..', 'apps', 'ratelimit', 'src', 'main.js'),
} as const;

export interface ServiceTargetOptions {
  readonly algorithm?: string;
  /** The rules file (default: two descriptors with `algorithm`). */
  readonly rules?: string;
  readonly entry?: keyof typeof SERVICE_ENTRIES;
  /** Another build's entry file, in place of `entry` (to compare builds). */
  readonly main?: string;
  /** The Node binary (default: the one running the benchmark). */
  readonly node?: string;
  /** Where statistics go (USE_PUSHSTATS is on by default): a statsd listener's port. */
  readonly statsdPort: number;
  /**
   * Called once the server is ready, with its debug listener's port (e.g. to poll the console); the
   * load starts when what it returns resolves.
   */
  readonly onStarted?: (server: StartedServer, debugPort: number) => void | Promise<void>;
}

export function serviceTarget(
  name: string,
  env: Record<string, string>,
  options: ServiceTargetOptions,
): Target {
  const root = scratchDir('bench-rules');
  mkdirSync(join(root, 'ratelimit', 'config'), { recursive: true });
  writeFileSync(
    join(root, 'ratelimit', 'config', 'bench.yaml'),
    options.rules ?? rulesWith(options.algorithm ?? 'fixed_window'),
  );
  const workers = Number(env.WORKERS ?? 1);
  const main = options.main ?? SERVICE_ENTRIES[options.entry ?? 'production'];
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
        STATSD_HOST: '127.0.0.1',
        STATSD_PORT: String(options.statsdPort),
        LOG_LEVEL: 'info',
      };
      const server = await spawnServer([main], settings, port, /ratelimit serving/, workers, options.node);
      await options.onStarted?.(server, debugPort);
      return server;
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
