// The sink when no push/tagged/pull sink is on (USE_PUSHSTATS=false): every flushed value as the
// reference's logging sink line (src/stats/logger.go), written through the service logger at
// debug level, so it shows only with LOG_LEVEL=debug, as in the reference:
//   {"level":"debug","ts":1764000000.123456,"logger":"gostats.loggingsink","msg":"flushing counter","json":{"name":"ratelimit.service.config_load_success","type":"counter","value":"1.000000"}}
import type { StatsSink } from './stats-sink';

export class StdoutSink implements StatsSink {
  constructor(
    private readonly write: (line: string) => void,
    private readonly nowMs: () => number = Date.now,
  ) {}

  flushCounter(name: string, delta: number): void {
    this.log(name, 'counter', delta);
  }

  flushGauge(name: string, value: number): void {
    this.log(name, 'gauge', value);
  }

  flushTimer(name: string, valueMs: number): void {
    this.log(name, 'timer', valueMs);
  }

  endFlush(): void {
    this.log('', 'all stats', 0);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Go marshals the map with sorted keys (name, type, value) and `%f` values. */
  private log(name: string, type: string, value: number): void {
    const fields = name === '' ? { type, value: value.toFixed(6) } : { name, type, value: value.toFixed(6) };
    const ts = (this.nowMs() / 1000).toFixed(6);
    this.write(
      `{"level":"debug","ts":${ts},"logger":"gostats.loggingsink","msg":${JSON.stringify(`flushing ${type}`)},"json":${JSON.stringify(fields)}}`,
    );
  }
}
