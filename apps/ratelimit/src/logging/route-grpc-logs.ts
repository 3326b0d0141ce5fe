// grpc-js logs on its own (to stderr through console.error, as `E No address added out of total 1
// resolved`), which breaks LOG_FORMAT=json: one line a log collector cannot parse. Its lines go
// through the service's logger instead, at grpc-js's own severity, and its verbosity follows
// LOG_LEVEL (grpc-js's tracers, GRPC_TRACE, log at DEBUG, so they appear with LOG_LEVEL=debug).
import { format } from 'node:util';
import { logVerbosity, setLogger, setLogVerbosity } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { LogrusLevel } from '../settings/settings';

/** The grpc-js verbosity that passes exactly the lines LOG_LEVEL would print. */
export function grpcVerbosityFor(level: LogrusLevel): logVerbosity {
  if (level === 'trace' || level === 'debug') return logVerbosity.DEBUG;
  if (level === 'info') return logVerbosity.INFO;
  if (level === 'warning' || level === 'error') return logVerbosity.ERROR;
  return logVerbosity.NONE;
}

/** grpc-js's console-shaped logger, writing to `logger` with `component=grpc-js`. */
export function grpcLoggerFor(logger: Logger): Partial<Console> {
  const grpcLogger = logger.child({ component: 'grpc-js' });
  return {
    error: (...args: unknown[]) => grpcLogger.error(format(...args)),
    info: (...args: unknown[]) => grpcLogger.info(format(...args)),
    debug: (...args: unknown[]) => grpcLogger.debug(format(...args)),
  };
}

/** Process-wide (grpc-js has one logger): the last call wins. */
export function routeGrpcLogs(logger: Logger, level: LogrusLevel): void {
  setLogger(grpcLoggerFor(logger));
  setLogVerbosity(grpcVerbosityFor(level));
}
