// Starts the statistics sink chosen by the settings (docs/observability.md, the reference's runner.go order:
// DISABLE_STATS, then tagged, push, pull, else stdout) and flushes into it every
// STATS_FLUSH_INTERVAL (timer samples at least every second). stop() flushes once more and
// closes sockets and the pull listener. A bad PULLSTATS_MAPPER_YAML or a pull address in use
// rejects, so the service does not start.
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Settings } from '../../settings/settings';
import type { StatsService } from '../stats.service';
import { flushStats, flushTimers } from './flush-stats';
import { MogrifierMap } from './mogrifier-map';
import { DEFAULT_MAPPING_YAML } from './prometheus/default-mapping';
import { MapperConfigError } from './prometheus/mapper-config';
import { MetricMapper } from './prometheus/metric-mapper';
import { parseMapperConfig } from './prometheus/parse-mapper-config';
import { PrometheusSink } from './prometheus/prometheus-sink';
import { StatsdSink } from './statsd-sink';
import type { StatsSink } from './stats-sink';
import { StdoutSink } from './stdout-sink';
import { TaggedStatsdSink } from './tagged-statsd-sink';
import { throttledWarning } from '../../logging/throttled-warning';

export interface RunningStatsSink {
  /** Final flush, then sockets and the pull listener are closed. */
  stop(): Promise<void>;
}

const MAX_TIMER_FLUSH_MS = 1000;

export async function startStatsSink(
  settings: Settings,
  stats: StatsService,
  logger: Logger,
): Promise<RunningStatsSink> {
  // A scrape may call flush as soon as the pull listener is up, before openSink returns.
  const current: { sink?: StatsSink } = {};
  const flush = () => {
    if (current.sink !== undefined) flushStats(stats.store, current.sink);
  };
  const opened = await openSink(settings, logger, flush, stats);
  if (opened === undefined) return { stop: () => Promise.resolve() };
  current.sink = opened.sink;
  const { flushIntervalMs } = settings.stats;
  const timers = [setInterval(flush, flushIntervalMs)];
  if (flushIntervalMs > MAX_TIMER_FLUSH_MS) {
    timers.push(setInterval(() => flushTimers(stats.store, opened.sink), MAX_TIMER_FLUSH_MS));
  }
  for (const timer of timers) timer.unref();
  logger.info(`stats: ${opened.description}, flushed every ${flushIntervalMs} ms`);
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        flush();
        await opened.close();
      })()),
  };
}

interface OpenedSink {
  readonly sink: StatsSink;
  readonly description: string;
  close(): Promise<void>;
}

async function openSink(
  settings: Settings,
  logger: Logger,
  flush: () => void,
  stats: StatsService,
): Promise<OpenedSink | undefined> {
  const { sink: kind, statsd, extraTags } = settings.stats;
  const target = `${statsd.host}:${statsd.port}`;
  switch (kind) {
    case 'disabled':
      return undefined;
    case 'stdout':
      return openStdoutSink(logger);
    case 'pushstats': {
      const onError = throttledWarning(logger, `statsd (TCP ${target})`);
      const sink = new StatsdSink({ ...statsd, extraTags, onError });
      return { sink, description: `statsd over TCP to ${target}`, close: () => sink.close() };
    }
    case 'taggedstats': {
      const onError = throttledWarning(logger, `DogStatsD (UDP ${target})`);
      const mogrifiers = new MogrifierMap(settings.stats.tagged.mogrifiers);
      const sink = new TaggedStatsdSink({ ...statsd, extraTags, mogrifiers, onError });
      return { sink, description: `DogStatsD over UDP to ${target}`, close: () => sink.close() };
    }
    case 'pullstats':
      return openPullSink(settings, logger, flush, stats);
  }
}

/** Only with LOG_LEVEL=debug, as the reference's logging sink (it logs each value at debug). */
function openStdoutSink(logger: Logger): OpenedSink | undefined {
  if (!logger.isLevelEnabled('debug')) return undefined;
  const sink = new StdoutSink((line) => logger.debug(line));
  return { sink, description: 'log lines at debug level', close: () => sink.close() };
}

async function openPullSink(
  settings: Settings,
  logger: Logger,
  flush: () => void,
  stats: StatsService,
): Promise<OpenedSink> {
  const { pull, extraTags } = settings.stats;
  const isBuiltIn = pull.mapperYaml === '';
  const sink = new PrometheusSink({
    mapper: new MetricMapper(loadMapping(pull.mapperYaml)),
    extraTags,
    responseTimeAsMilliseconds: pull.responseTimeAsMilliseconds,
    // the built-in mapping shows the items of a `rate_limits` node as a `limit` label
    limitItemOf: isBuiltIn ? (name) => stats.limitItemOf(name) : undefined,
  });
  // On demand: replicas without pull stats never load the Nest app, its packages or prom-client.
  const { startPrometheusApp } = await import('./prometheus/start-prometheus-app.js');
  const app = await startPrometheusApp({
    ...pull,
    registry: sink.metrics.registry,
    beforeScrape: flush,
    server: settings.server,
    logger,
  });
  const mapping = isBuiltIn ? 'built-in mapping' : `mapping ${pull.mapperYaml}`;
  return {
    sink,
    description: `Prometheus on ${pull.addr} (port ${app.port}) path ${pull.path}, ${mapping}`,
    close: () => app.close(),
  };
}

function loadMapping(path: string) {
  if (path === '') return parseMapperConfig(DEFAULT_MAPPING_YAML, 'built-in mapping');
  const source = `PULLSTATS_MAPPER_YAML=${path}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MapperConfigError(`${source}: cannot read the file: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseMapperConfig(text, source);
}
