// /debug/vars (the path of Go's expvar): the figures that show a leak over days of uptime — memory
// (process.memoryUsage), the active handles by type (process.getActiveResourcesInfo: sockets,
// servers, timers, file requests) and the event-loop delay. `npm run soak` samples this page.
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';

export interface EventLoopDelay {
  readonly samples: number;
  readonly minMs: number;
  readonly meanMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface ProcessVars {
  readonly pid: number;
  readonly uptimeSeconds: number;
  /** Bytes, as process.memoryUsage() gives them. */
  readonly memory: NodeJS.MemoryUsage;
  /** Every active resource (handles and requests), and how many of each type. */
  readonly activeResources: { readonly total: number; readonly byType: Readonly<Record<string, number>> };
  /** Since the previous read; null on the first read (which starts the measurement) or without samples since. */
  readonly eventLoopDelay: EventLoopDelay | null;
}

/** Node samples the loop delay every 10 ms by default; 20 ms is enough for a trend and half the wake-ups. */
const DELAY_RESOLUTION_MS = 20;
const NS_PER_MS = 1e6;

export class ProcessVarsReader {
  private histogram: ELDHistogram | undefined;

  read(): ProcessVars {
    const byType: Record<string, number> = {};
    const resources = process.getActiveResourcesInfo();
    for (const type of resources) byType[type] = (byType[type] ?? 0) + 1;
    return {
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime() * 10) / 10,
      memory: process.memoryUsage(),
      activeResources: { total: resources.length, byType },
      eventLoopDelay: this.takeEventLoopDelay(),
    };
  }

  /** Stops the delay measurement (the listener closes). */
  close(): void {
    this.histogram?.disable();
    this.histogram = undefined;
  }

  /**
   * Measured only once somebody asks (no timer runs in a service nobody watches), and reset
   * after each read so every sample describes its own interval.
   */
  private takeEventLoopDelay(): EventLoopDelay | null {
    const histogram = this.histogram;
    if (histogram === undefined) {
      this.histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
      this.histogram.enable();
      return null;
    }
    const ms = (ns: number) => Math.round((ns / NS_PER_MS) * 100) / 100;
    const delay =
      histogram.count === 0
        ? null
        : {
            samples: histogram.count,
            minMs: ms(histogram.min),
            meanMs: ms(histogram.mean),
            p50Ms: ms(histogram.percentile(50)),
            p99Ms: ms(histogram.percentile(99)),
            maxMs: ms(histogram.max),
          };
    histogram.reset();
    return delay;
  }
}
