// What every statistics sink implements (gostats' Sink): the flush loop hands it counter
// deltas, gauge values and timer samples, then ends the round.

export interface StatsSink {
  /** `delta` = hits since the previous flush (never 0). */
  flushCounter(name: string, delta: number): void;
  flushGauge(name: string, value: number): void;
  /** One timer sample in milliseconds. */
  flushTimer(name: string, valueMs: number): void;
  /** End of one flush round: send what is buffered. */
  endFlush(): void;
  /** Sends what is left and releases sockets and listeners. */
  close(): Promise<void>;
}
