// `npm run soak -- --minutes N` (not part of `npm test`): days of uptime compressed into minutes.
// Starts the built service as a child process (memory store, or --store redis against a real
// redis-server), drives it with soak-load.ts and samples it every few seconds (soak-sampler.ts).
// Writes samples.csv, samples.json, soak.svg and soak.png to --out, prints the growth of each
// figure after warm-up, and exits 1 when RSS, active handles or open file descriptors grew by 10 %
// or more, when a call failed, or when the service did not exit 0 on SIGTERM at the end.
// `--from DIR` reports an earlier run again from its samples.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startRedis, stopAllServers } from '@repo/test-support';
import { createRulesDir } from '../apps/ratelimit/load/rules-dir';
import {
  startServiceProcess,
  waitUntilHealthy,
  type ServiceProcess,
} from '../apps/ratelimit/load/start-service-process';
import { CHART_HEIGHT, CHART_WIDTH, renderSoakSvg } from './support/soak-chart';
import { growthOf, REPORTED_METRICS, type Growth } from './support/soak-growth';
import { SOAK_RULES, startSoakLoad, type SoakCounts } from './support/soak-load';
import { parseSoakOptions, SOAK_USAGE, SoakOptionsError, type SoakOptions } from './support/soak-options';
import { svgToPng } from './support/soak-png';
import { createSampler, type SoakSample } from './support/soak-sampler';

/** Settings of the service under soak: a pod's defaults, except where the comment says why. */
async function serviceEnv(
  options: SoakOptions,
  debugPort: number,
  metricsPort: number,
): Promise<Record<string, string>> {
  const store: Record<string, string> =
    options.store === 'redis'
      ? { BACKEND_TYPE: 'redis', KV_URL: (await startRedis()).url }
      : { BACKEND_TYPE: 'memory' };
  return {
    ...createRulesDir({ 'soak.yaml': SOAK_RULES }).env,
    ...store,
    LOG_LEVEL: 'warn',
    DEBUG_PORT: String(debugPort),
    // Prometheus is scraped at every sample: its registry must stay bounded too.
    DISABLE_STATS: 'false',
    USE_PUSHSTATS: 'false',
    USE_PULLSTATS: 'true',
    PULLSTATS_ADDR: `127.0.0.1:${metricsPort}`,
    LOCAL_CACHE_SIZE_IN_BYTES: String(4 * 1024 * 1024),
    // The default 300 s of jitter keeps each counter up to 5 minutes past its window, so the
    // memory store's live set would keep growing for 5 minutes; 5 s reaches the plateau at once.
    EXPIRATION_JITTER_MAX_SECONDS: '5',
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function soak(options: SoakOptions): Promise<boolean> {
  const [debugPort, metricsPort] = [await freePort(), await freePort()];
  const service = await startServiceProcess(await serviceEnv(options, debugPort, metricsPort));
  try {
    return await soakService(options, service, debugPort, metricsPort);
  } finally {
    service.kill(); // only when something failed half-way: the normal end waits for its exit
  }
}

async function soakService(
  options: SoakOptions,
  service: ServiceProcess,
  debugPort: number,
  metricsPort: number,
) {
  await waitUntilHealthy(service, 30_000);
  const pid = service.child.pid ?? 0;
  const loadAtStart = load();
  console.log(
    `soak: ${options.minutes} min, ${options.store} store, service pid ${pid}, load ${loadAtStart}`,
  );
  const traffic = startSoakLoad({
    grpcAddress: `127.0.0.1:${service.grpcPort}`,
    httpUrl: `http://127.0.0.1:${service.httpPort}`,
    inFlight: options.inFlight,
    callsPerSecond: options.callsPerSecond,
  });
  const next = await createSampler({
    pid,
    debugUrl: `http://127.0.0.1:${debugPort}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    counts: traffic.counts,
  });
  const samples = await sampleUntil(next, options, () => service.child.exitCode === null);
  await traffic.stop();
  const isAlive = service.child.exitCode === null;
  if (isAlive) service.child.kill('SIGTERM');
  const exitCode = await service.exited;
  await stopAllServers();
  const subtitle =
    `${options.store} store, ${options.callsPerSecond || 'unpaced'} calls/s target, ${traffic.counts.calls} calls, ` +
    `load average ${loadAtStart} at start, ${load()} at end (${cpus().length} shared cores); shaded: warm-up`;
  const log = service.output().trim();
  console.log(log === '' ? 'service log: nothing at WARN or above' : `service log:\n${log.slice(-4000)}`);
  return report({
    options,
    subtitle,
    counts: traffic.counts,
    exitCode: isAlive ? exitCode : 'died',
    samples,
  });
}

/** What a run leaves in samples.json, enough to report it again (--from). */
interface SoakRecord {
  readonly options: SoakOptions;
  readonly subtitle: string;
  readonly counts: SoakCounts;
  /** On SIGTERM at the end; 'died' when the service had exited before. */
  readonly exitCode: number | string;
  readonly samples: SoakSample[];
}

/** Writes the files, prints the growth; true when every goal is met. */
async function report(record: SoakRecord): Promise<boolean> {
  const { options, samples, counts, exitCode } = record;
  const growth = REPORTED_METRICS.map((metric) => growthOf(samples, options.warmupMinutes * 60, metric));
  await writeResults(record, growth);
  printSummary(growth, counts, exitCode);
  const errors = Object.values(counts.errors).reduce((sum, count) => sum + count, 0);
  return exitCode === 0 && errors === 0 && growth.every((g) => g.isWithinLimit);
}

/** --from DIR: the report of an earlier run again, with this version's analysis and plot. */
async function reportAgain(dir: string): Promise<boolean> {
  const record = JSON.parse(readFileSync(join(dir, 'samples.json'), 'utf8')) as SoakRecord;
  return report({ ...record, options: { ...record.options, outDir: dir } });
}

async function sampleUntil(
  next: () => Promise<SoakSample>,
  options: SoakOptions,
  isAlive: () => boolean,
): Promise<SoakSample[]> {
  const samples: SoakSample[] = [];
  const endMs = Date.now() + options.minutes * 60_000;
  for (
    let due = Date.now() + options.sampleSeconds * 1000;
    due <= endMs + 500;
    due += options.sampleSeconds * 1000
  ) {
    await pause(Math.max(0, due - Date.now()));
    if (!isAlive()) break;
    const sample = await next();
    samples.push(sample);
    console.log(
      `${(sample.seconds / 60).toFixed(1)} min: RSS ${sample.rssMiB} MiB, heap ${sample.heapUsedMiB} MiB, ` +
        `handles ${sample.handles}, fds ${sample.fds}, loop p99 ${sample.loopDelayP99Ms} ms, ` +
        `${sample.callsPerSecond} calls/s, CPU ${sample.cpuPercent} %, errors ${sample.errors}`,
    );
  }
  return samples;
}

async function writeResults(record: SoakRecord, growth: Growth[]) {
  const { options, samples } = record;
  const dir = resolve(options.outDir);
  mkdirSync(dir, { recursive: true });
  const columns = Object.keys(samples[0] ?? {}) as (keyof SoakSample)[];
  const csv = [columns.join(','), ...samples.map((s) => columns.map((c) => s[c]).join(','))].join('\n');
  writeFileSync(join(dir, 'samples.csv'), `${csv}\n`);
  writeFileSync(join(dir, 'samples.json'), `${JSON.stringify({ ...record, growth }, null, 1)}\n`);
  const rss = growth.find((g) => g.metric === 'rssMiB');
  const handles = growth.find((g) => g.metric === 'handles');
  const title =
    `ratelimit soak, ${options.minutes} min: RSS ${rss?.baseline} -> ${rss?.end} MiB (${rss?.percent} %), ` +
    `active handles ${handles?.baseline} -> ${handles?.end} (${handles?.percent} %) after warm-up`;
  const svg = renderSoakSvg(samples, title, record.subtitle, options.warmupMinutes * 60);
  writeFileSync(join(dir, 'soak.svg'), svg);
  const hasPng = await svgToPng(svg, CHART_WIDTH, CHART_HEIGHT, join(dir, 'soak.png'));
  console.log(`written: ${dir}/{samples.csv,samples.json,soak.svg${hasPng ? ',soak.png' : ''}}`);
}

function printSummary(growth: Growth[], counts: SoakCounts, exitCode: number | string) {
  console.log(
    'growth after warm-up, first minute after it -> last minute (median; heap, handles, fds: the lowest value):',
  );
  for (const g of growth) {
    const goal =
      g.limitPercent === undefined
        ? ''
        : ` (goal < ${g.limitPercent} %: ${g.isWithinLimit ? 'met' : 'MISSED'})`;
    console.log(`  ${g.metric}: ${g.baseline} -> ${g.end}, ${g.percent} %${goal}`);
  }
  console.log(`traffic: ${JSON.stringify(counts)}`);
  console.log(`service exit on SIGTERM: ${exitCode}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(SOAK_USAGE);
    return;
  }
  let options: SoakOptions;
  try {
    options = parseSoakOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SoakOptionsError)) throw error;
    console.error(`${error.message}\n${SOAK_USAGE}`);
    process.exit(2);
  }
  const isGood = options.fromDir === undefined ? await soak(options) : await reportAgain(options.fromDir);
  console.log(isGood ? 'soak: goals met' : 'soak: goals MISSED');
  process.exit(isGood ? 0 : 1);
}

void main().catch(async (error: unknown) => {
  console.error(error);
  await stopAllServers();
  process.exit(1);
});
