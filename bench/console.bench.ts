// `npm run bench -- console`: the operator console's cost measured in one process, where the
// machine's load moves the figures far less than across processes: the decision service
// (RateLimitService on the memory store, two descriptors per call over 1000 clients) without and
// with the console, in CPU time per call, with every call within its limits and with every call
// over them (where the console records who is limited); then what the console does once a
// second whether or not the page is open (the traffic sample) and what an open page adds (its live
// JSON answer), in CPU time per second. Rounds alternate the variants; medians are printed.
// Without gRPC a decision costs a few µs, so these ratios are far below what a served call sees
// (about 100 µs of server CPU over gRPC): the µs added per call is the figure to carry over.
import { parseYamlConfig, RuleRegistry, type RuleSource } from '@repo/rules';
import { createCounterStore, STORE_CAPABILITIES } from '@repo/storage';
import { systemClock } from '../apps/ratelimit/src/clock';
import { ConsoleApi } from '../apps/ratelimit/src/console/console-api';
import { LimitedValuesObserver } from '../apps/ratelimit/src/console/limited-values-observer';
import { OperatorConsole } from '../apps/ratelimit/src/console/operator-console';
import { HitCounter } from '../apps/ratelimit/src/limiter/hit-counter';
import type { RateLimitRequest } from '../apps/ratelimit/src/rate-limit-types';
import { DecisionObservers } from '../apps/ratelimit/src/ratelimit/decision-observers';
import { RateLimitService } from '../apps/ratelimit/src/ratelimit/ratelimit.service';
import { StatsService } from '../apps/ratelimit/src/stats/stats.service';
import { loadLine, median } from './support/bench-rounds';
import { consoleRequestCpuUs } from './support/console-requests';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const IN_FLIGHT = 64;
const CLIENTS = 1000;
const IDLE_SOURCE: RuleSource = { start: async () => undefined, stop: async () => undefined };

const rules = (limit: string) => `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: hour, requests_per_unit: ${limit} }
  - key: path
    value: /api/*
    rate_limit: { unit: hour, requests_per_unit: ${limit} }
`;

interface Variant {
  readonly name: string;
  readonly service: RateLimitService;
  readonly console: OperatorConsole | undefined;
}

function variant(name: string, limit: string, withConsole: boolean): Variant {
  const store = createCounterStore({
    backend: 'memory',
    now: () => systemClock.nowMs(),
    random: () => 0,
    jitterMaxSeconds: 0,
    maxKeys: 100_000,
  });
  const registry = new RuleRegistry(IDLE_SOURCE, { mergeDomainConfigs: false });
  registry.apply([parseYamlConfig('bench.yaml', rules(limit)).config!]);
  const stats = new StatsService(10_000);
  const operatorConsole = withConsole ? new OperatorConsole(registry, stats, systemClock) : undefined;
  const options = {
    cacheKeyPrefix: '',
    nearLimitRatio: 0.8,
    isGlobalShadowMode: false,
    isGlobalQuotaMode: false,
    responseHeaders: undefined,
    isDynamicMetadataEnabled: false,
  };
  const NO_TRACER = { tracer: undefined, propagator: undefined };
  const counter = new HitCounter({
    store,
    capabilities: STORE_CAPABILITIES.memory,
    localCache: undefined,
    stopIncrementWhenOverLimit: false,
  });
  const observers = new DecisionObservers();
  if (operatorConsole !== undefined) observers.subscribe(new LimitedValuesObserver(operatorConsole.limited));
  const service = new RateLimitService(registry, counter, stats, systemClock, options, NO_TRACER, observers);
  return { name, service, console: operatorConsole };
}

const request = (n: number): RateLimitRequest => ({
  domain: 'bench',
  hitsAddend: 0,
  descriptors: [
    { entries: [{ key: 'client_id', value: `client-${n % CLIENTS}` }] },
    { entries: [{ key: 'path', value: `/api/items/${n % 50}` }] },
  ],
});

/** CPU microseconds per call over CALLS calls, IN_FLIGHT at a time. */
async function cpuPerCall(service: RateLimitService): Promise<number> {
  const started = process.cpuUsage();
  for (let n = 0; n < CALLS; n += IN_FLIGHT) {
    const batch = [];
    for (let i = 0; i < IN_FLIGHT; i++) batch.push(service.shouldRateLimit(request(n + i)));
    await Promise.all(batch);
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / CALLS;
}

async function compare(label: string, limit: string): Promise<Variant> {
  const off = variant(`${label}, no console`, limit, false);
  const on = variant(`${label}, console`, limit, true);
  await cpuPerCall(off.service); // warm-up, and fills the over-limit counters
  await cpuPerCall(on.service);
  const ratios: number[] = [];
  const perCall: Record<string, number[]> = { [off.name]: [], [on.name]: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const offUs = await cpuPerCall(off.service);
    const onUs = await cpuPerCall(on.service);
    perCall[off.name].push(offUs);
    perCall[on.name].push(onUs);
    ratios.push(offUs / onUs);
  }
  for (const [name, values] of Object.entries(perCall))
    console.log(
      `${name}: ${median(values).toFixed(2)} µs CPU per call (median of ${values.map((v) => v.toFixed(2)).join(', ')})`,
    );
  const shown = ratios.map((ratio) => `${(ratio * 100).toFixed(1)} %`).join(', ');
  const addedUs = median(perCall[on.name].map((us, i) => us - perCall[off.name][i]));
  console.log(
    `${label}: with the console ${(median(ratios) * 100).toFixed(1)} % of the calls per CPU-second without it ` +
      `(rounds ${shown}); it adds ${addedUs.toFixed(2)} µs CPU per call (median)`,
  );
  return on;
}

async function main(): Promise<void> {
  console.log(`${ROUNDS} rounds of ${CALLS} calls per variant; ${loadLine()}`);
  await compare('within limits', '100000000');
  const over = await compare('all over limit', '1');
  const api = new ConsoleApi({
    console: over.console!,
    registry: { snapshot: undefined },
    origin: 'bench',
    compileOptions: { mergeDomainConfigs: false },
    clock: systemClock,
    decide: () => Promise.reject(new Error('not used')),
  });
  const { sampleUs, pageUs } = await consoleRequestCpuUs(over.console!, api, ROUNDS);
  console.log(`once a second, page closed or open: the traffic sample ${sampleUs.toFixed(1)} µs CPU`);
  console.log(
    `an open page, once a second: the live answer (traffic since the last second + limited values) ${pageUs.toFixed(1)} µs CPU ` +
      `(${((pageUs / 1e6) * 100).toFixed(3)} % of one CPU-second)`,
  );
  console.log(loadLine());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
