// The hot-shots client both statsd sinks use. Lines are buffered and written once per flush
// round (or when the buffer is full), like gostats' buffered net sink. Datadog auto-detection
// from DD_* variables and hot-shots' own telemetry stay off so the stream carries only our stats.
import { StatsD } from 'hot-shots';

export interface StatsdClientOptions {
  readonly host: string;
  readonly port: number;
  readonly protocol: 'tcp' | 'udp';
  /** DogStatsD: add DD_ENV / DD_SERVICE / DD_VERSION tags, as datadog-go does. */
  readonly includeDataDogTags: boolean;
  readonly onError: (error: Error) => void;
}

/** gostats' buffer sizes: one UDP datagram stays under a 1500-byte MTU; TCP writes 64 KiB chunks. */
const UDP_BUFFER_BYTES = 1432;
const TCP_BUFFER_BYTES = 64 * 1024;

export function createStatsdClient(options: StatsdClientOptions): StatsD {
  return new StatsD({
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxBufferSize: options.protocol === 'udp' ? UDP_BUFFER_BYTES : TCP_BUFFER_BYTES,
    bufferFlushInterval: 1000,
    datadog: false,
    includeDataDogTags: options.includeDataDogTags,
    includeDatadogTelemetry: false,
    tcpGracefulErrorHandling: true,
    errorHandler: options.onError,
  });
}

/** Flushes what hot-shots buffered and closes its socket; never rejects. */
export function closeStatsdClient(client: StatsD): Promise<void> {
  return new Promise((resolve) => {
    client.flush(() => client.close(() => resolve()));
  });
}

/** Timer samples keep microsecond precision on the wire (`12.345678`). */
export function roundToMicros(valueMs: number): number {
  return Math.round(valueMs * 1e6) / 1e6;
}
