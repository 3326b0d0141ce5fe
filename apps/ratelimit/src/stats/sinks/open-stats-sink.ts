// The statistics sink chosen by the settings (docs/observability.md, the reference's runner.go
// order: DISABLE_STATS, then tagged, push, pull, else stdout), as CounterStore is chosen by
// BACKEND_TYPE. A bad PULLSTATS_MAPPER_YAML throws, so the service does not start. The pull
// sink only fills a Prometheus registry: its listener is PrometheusListener's.
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import { throttledWarning } from '../../logging/throttled-warning';
import type { Settings } from '../../settings/settings';
import type { StatsService } from '../stats.service';
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

export interface OpenedSink {
  readonly sink: StatsSink;
  readonly description: string;
  /** Set for pull stats: the registry PrometheusListener serves. */
  readonly prometheus?: PrometheusSink;
  close(): Promise<void>;
}

/** undefined: no sink (DISABLE_STATS, or the stdout sink below LOG_LEVEL=debug). */
export function openStatsSink(
  settings: Settings,
  logger: Logger,
  stats: StatsService,
): OpenedSink | undefined {
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
      return openPullSink(settings, stats);
  }
}

/** Only with LOG_LEVEL=debug, as the reference's logging sink (it logs each value at debug). */
function openStdoutSink(logger: Logger): OpenedSink | undefined {
  if (!logger.isLevelEnabled('debug')) return undefined;
  const sink = new StdoutSink((line) => logger.debug(line));
  return { sink, description: 'log lines at debug level', close: () => sink.close() };
}

function openPullSink(settings: Settings, stats: StatsService): OpenedSink {
  const { pull, extraTags } = settings.stats;
  const isBuiltIn = pull.mapperYaml === '';
  const sink = new PrometheusSink({
    mapper: new MetricMapper(loadMapping(pull.mapperYaml)),
    extraTags,
    responseTimeAsMilliseconds: pull.responseTimeAsMilliseconds,
    // the built-in mapping shows the items of a `rate_limits` node as a `limit` label
    limitItemOf: isBuiltIn ? (name) => stats.limitItemOf(name) : undefined,
  });
  const mapping = isBuiltIn ? 'built-in mapping' : `mapping ${pull.mapperYaml}`;
  return {
    sink,
    prometheus: sink,
    description: `Prometheus on ${pull.addr} path ${pull.path}, ${mapping}`,
    close: () => sink.close(),
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
