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

/**
 * Lines are written in chunks of at most this size, over UDP (one datagram stays under a
 * 1500-byte MTU, as gostats does) and TCP. gostats writes 64 KiB chunks over TCP, but hot-shots
 * measures its whole buffer again for every line it adds (Buffer.byteLength of the joined string),
 * so a line costs time in proportion to the buffer: with 64 KiB, the one response-time sample per
 * call took about a fifth of the service's CPU per call (docs/benchmarks.md, "The bundle's
 * per-call cost"). A few hundred small TCP writes a second cost far less.
 */
const BUFFER_BYTES = 1432;

export function createStatsdClient(options: StatsdClientOptions): StatsD {
  return new StatsD({
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxBufferSize: BUFFER_BYTES,
    bufferFlushInterval: 1000,
    datadog: false,
    includeDataDogTags: options.includeDataDogTags,
    includeDatadogTelemetry: false,
    tcpGracefulErrorHandling: true,
    errorHandler: options.onError,
  });
}

/** How long shutdown waits for the last lines to go out before it closes the client anyway. */
export const STATSD_CLOSE_TIMEOUT_MS = 1000;

/**
 * Flushes what hot-shots buffered and closes its socket; never rejects. With the collector gone
 * (its TCP connection reset), hot-shots never calls back from flush or close, so shutdown does
 * not wait more than timeoutMs for them.
 */
export function closeStatsdClient(client: StatsD, timeoutMs = STATSD_CLOSE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.close(() => undefined);
      resolve();
    }, timeoutMs);
    client.flush(() =>
      client.close(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}

/** Timer samples keep microsecond precision on the wire (`12.345678`). */
export function roundToMicros(valueMs: number): number {
  return Math.round(valueMs * 1e6) / 1e6;
}
