// `npm run bench -- startup` (or `node scripts/bench.mjs startup`): how fast a replica is ready
// and how much memory it holds when idle (goal: ready in <= 300 ms, idle RSS <= 90 MB for the
// production entry on the memory store with the example rules). Each variant is spawned SPAWNS
// times, the variants taking turns so that other load on the machine hits them alike:
//   compiled: node <dist>/apps/ratelimit/src/main.js (the SWC tree, one file per module)
//   bundle:   node <dist>/apps/ratelimit/main.js (the production build)
// on the memory store with examples/ratelimit/config (as `npm start`) and on Redis (a real
// redis-server, started and stopped here), with the default settings (statistics on, sent to a
// statsd listener here), on the supported Node; the bundle on the memory store also on the
// machine's own Node when it is another one (see support/machine-node.ts). Measured per spawn:
// wall time from spawn to the first 200 on GET /healthcheck, the process's CPU time until then
// (less sensitive to other load), and VmRSS after IDLE_MS without requests. Prints the medians,
// the bundle/compiled ratios and the goal check, and beside them a bare Node process that only
// answers /healthcheck (support/bare-health-server.ts): what Node's own start costs on the machine
// at that moment, since these shared machines run several times slower on some days than on
// others. STARTUP_BASELINE_MAIN=<file> adds one more variant (e.g. an older build's entry), run on
// STARTUP_BASELINE_NODE=<node binary> when given (the Node that build was made for: its code cache
// is refused by another), and prints the bundle's figures over it: a comparison that holds on a
// machine whose speed moves from day to day (docs/benchmarks.md#against-the-build-measured-at-282-ms).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, repoRoot, startRedis, stopAllServers, waitFor } from '@repo/test-support';
import { machineNode } from './support/machine-node';
import { processCpuMicros } from './support/process-cpu';
import { startStatsdListener } from './support/statsd-listener';

const SPAWNS = Number(process.env.BENCH_SPAWNS ?? 10);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 2000);
const GOAL = { readyMs: 300, idleRssMb: 90 };
const DIST = join(__dirname, '..');
const ENTRIES: Readonly<Record<string, string>> = {
  compiled: join(DIST, 'apps/ratelimit/src/main.js'),
  bundle: join(DIST, 'apps/ratelimit/main.js'),
  ...(process.env.STARTUP_BASELINE_MAIN ? { baseline: process.env.STARTUP_BASELINE_MAIN } : {}),
};
const BARE_NODE = 'bare Node (node:http)';

interface Variant {
  readonly name: string;
  readonly main: string;
  readonly node: string;
  readonly env: Readonly<Record<string, string>>;
  readonly readyMs: number[];
  readonly cpuMs: number[];
  readonly rssMb: number[];
}

function exampleEnv(statsdPort: number): Record<string, string> {
  return {
    BACKEND_TYPE: 'memory',
    RUNTIME_ROOT: join(repoRoot(), 'examples'),
    RUNTIME_SUBDIRECTORY: 'ratelimit',
    RUNTIME_APPDIRECTORY: 'config',
    RUNTIME_WATCH_ROOT: 'false',
    STATSD_HOST: '127.0.0.1',
    STATSD_PORT: String(statsdPort),
    SHUTDOWN_DRAIN_SECONDS: '0',
  };
}

async function spawnOnce(variant: Variant): Promise<void> {
  const [port, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
  const env = { PATH: process.env.PATH ?? '', ...variant.env, HOST: '127.0.0.1', GRPC_HOST: '127.0.0.1' };
  const started = performance.now();
  const child = spawn(variant.node, [variant.main], {
    env: {
      ...env,
      DEBUG_HOST: '127.0.0.1',
      PORT: `${port}`,
      GRPC_PORT: `${grpcPort}`,
      DEBUG_PORT: `${debugPort}`,
    },
    stdio: 'ignore',
  });
  try {
    await waitFor(() => isHealthy(port, child), {
      timeoutMs: 30_000,
      intervalMs: 2,
      description: variant.name,
    });
    variant.readyMs.push(performance.now() - started);
    variant.cpuMs.push(processCpuMicros(child.pid ?? 0) / 1000);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    variant.rssMb.push(residentMb(child.pid ?? 0));
  } finally {
    await stop(child);
  }
}

async function isHealthy(port: number, child: ChildProcess): Promise<boolean> {
  if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before it was ready`);
  const response = await fetch(`http://127.0.0.1:${port}/healthcheck`).catch(() => undefined);
  return response?.status === 200;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `ready r, CPU c, RSS m`: `over`'s medians over `under`'s. */
function ratios(over: Variant, under: Variant): string {
  const ratio = (pick: (v: Variant) => number[]) => (median(pick(over)) / median(pick(under))).toFixed(2);
  return `ready ${ratio((v) => v.readyMs)}, CPU ${ratio((v) => v.cpuMs)}, RSS ${ratio((v) => v.rssMb)}`;
}

/** A variant with no spawns measured yet. */
function variant(name: string, main: string, node: string, env: Readonly<Record<string, string>>): Variant {
  return { name, main, node, env, readyMs: [], cpuMs: [], rssMb: [] };
}

function report(variants: readonly Variant[]): void {
  console.log(`\nmedians of ${SPAWNS} spawns (RSS after ${IDLE_MS} ms idle):`);
  for (const v of variants) {
    const [ready, cpu, rss] = [median(v.readyMs), median(v.cpuMs), median(v.rssMb)];
    console.log(
      `  ${v.name.padEnd(30)} ready ${ready.toFixed(0).padStart(5)} ms  CPU ${cpu.toFixed(0).padStart(5)} ms  RSS ${rss.toFixed(1)} MB`,
    );
  }
  for (const backend of ['memory', 'redis']) {
    const bundle = variants.find((v) => v.name === `bundle ${backend}`);
    if (bundle === undefined) continue;
    for (const under of ['compiled', 'baseline']) {
      const other = variants.find((v) => v.name === `${under} ${backend}`);
      if (other !== undefined) console.log(`  bundle/${under} (${backend}): ${ratios(bundle, other)}`);
    }
  }
  const goal = variants.find((v) => v.name === 'bundle memory');
  if (goal === undefined) return;
  const bare = variants.find((v) => v.name === BARE_NODE);
  if (bare !== undefined) {
    const over = (pick: (v: Variant) => number[]) => (median(pick(goal)) - median(pick(bare))).toFixed(0);
    console.log(
      `  bundle memory over ${BARE_NODE}: ready +${over((v) => v.readyMs)} ms, CPU +${over((v) => v.cpuMs)} ms`,
    );
  }
  for (const other of variants.filter((v) => v.name.startsWith('bundle memory, '))) {
    const otherNode = other.name.slice('bundle memory, '.length);
    console.log(`  Node ${process.versions.node} over ${otherNode} (bundle, memory): ${ratios(goal, other)}`);
  }
  const [ready, rss] = [median(goal.readyMs), median(goal.rssMb)];
  const met = ready <= GOAL.readyMs && rss <= GOAL.idleRssMb;
  console.log(
    `goal (bundle, memory store): ready ${ready.toFixed(0)} <= ${GOAL.readyMs} ms, idle RSS ${rss.toFixed(1)} <= ${GOAL.idleRssMb} MB: ${met ? 'met' : 'NOT met'}`,
  );
}

async function main(): Promise<void> {
  const redis = await startRedis();
  const statsd = await startStatsdListener();
  const backends = {
    memory: exampleEnv(statsd.port),
    redis: { ...exampleEnv(statsd.port), BACKEND_TYPE: 'redis', KV_URL: redis.url },
  };
  const node = process.execPath;
  const baselineNode = process.env.STARTUP_BASELINE_NODE ?? node;
  const variants: Variant[] = [];
  for (const [backend, env] of Object.entries(backends)) {
    for (const [entry, main] of Object.entries(ENTRIES)) {
      const runsOn = entry === 'baseline' ? baselineNode : node;
      variants.push(variant(`${entry} ${backend}`, main, runsOn, env));
    }
  }
  variants.push(variant(BARE_NODE, join(__dirname, 'support/bare-health-server.js'), node, {}));
  const other = machineNode();
  if (other !== undefined) {
    variants.push(variant(`bundle memory, ${other.name}`, ENTRIES.bundle, other.path, backends.memory));
  }
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`startup: ${SPAWNS} spawns per variant, load average before: ${load()}`);
  try {
    for (let round = 0; round < SPAWNS; round++) for (const variant of variants) await spawnOnce(variant);
  } finally {
    await statsd.close();
    await redis.stop();
    await stopAllServers();
  }
  console.log(`supported Node: ${process.versions.node}`);
  report(variants);
  console.log(`load average after: ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
