// The playground logs through pino, as the rate limit service does, one JSON object a line
// ({"level":"info","time":"<ISO 8601>","context":"...","msg":"..."}): what a log collector reads,
// and no terminal colour codes in a file. Apps share no code (docs/development.md#layout: apps
// import libs, never each other, and no lib is shared by both), so this is pino's own JSON with
// level names, not the service's logrus-shaped lines, which only Envoy compatibility asks for.
import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger, type Params } from 'nestjs-pino';
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';

/** `out` defaults to stdout; tests pass a collecting stream. */
export function createPlaygroundLogger(out?: DestinationStream): Logger {
  const options = {
    base: null, // no pid/hostname on every line
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return out === undefined ? pino(options) : pino(options, out);
}

/** Nest's logger on that pino logger; request lines are off, as in the service. */
export function nestLoggerFor(logger: Logger): LoggerService {
  const params: Params = { pinoHttp: { logger, autoLogging: false, quietReqLogger: true } };
  return new NestPinoLogger(new PinoLogger(params), params);
}
