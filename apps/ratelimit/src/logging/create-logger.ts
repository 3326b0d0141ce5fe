// pino logger configured from LOG_LEVEL / LOG_FORMAT, shaped like the reference's logrus output:
//   text: time="2026-11-22T05:04:49Z" level=warning msg="message" key=value
//   json: {"level":"warning","@timestamp":"2026-11-22T05:04:49.12Z","@message":"message",...}
// The same instance serves start-up code (before Nest) and nestjs-pino (LoggerModule params).
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Params } from 'nestjs-pino';
import type { LogSettings } from '../settings/settings';
import { formatRfc3339Nano } from './format-timestamp';
import { createTextDestination, type LineSink } from './log-destination';
import { toLogrusLabel, toPinoLevel } from './logrus-levels';

export interface CreateLoggerOptions {
  /** Defaults to process.stdout. */
  readonly out?: LineSink;
  /** Clock in epoch ms; tests pass a fixed one. */
  readonly now?: () => number;
}

export function buildPinoOptions(log: LogSettings, now: () => number = Date.now): LoggerOptions {
  const common: LoggerOptions = {
    level: toPinoLevel(log.level),
    base: null, // logrus prints no pid/hostname
    formatters: { level: (label) => ({ level: toLogrusLabel(label) }) },
  };
  if (log.format === 'text') return { ...common, timestamp: () => `,"time":${now()}` };
  return {
    ...common,
    messageKey: '@message',
    timestamp: () => `,"@timestamp":"${formatRfc3339Nano(now())}"`,
  };
}

export function createLogger(log: LogSettings, options: CreateLoggerOptions = {}): Logger {
  const { out = process.stdout, now = Date.now } = options;
  const destination =
    log.format === 'text' ? createTextDestination(out) : { write: (line: string) => out.write(line) };
  return pino(buildPinoOptions(log, now), destination);
}

/**
 * nestjs-pino LoggerModule.forRoot params reusing that logger. Request auto-logging is off: the
 * reference logs no per-request lines and the hot path must not pay for them.
 */
export function buildLoggerModuleParams(logger: Logger): Params {
  return { pinoHttp: { logger, autoLogging: false, quietReqLogger: true } };
}
