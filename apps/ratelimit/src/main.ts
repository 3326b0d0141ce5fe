// Entry point (`node dist/apps/ratelimit/main.js`, the `ratelimit` CLI): settings are parsed once
// from the environment before anything else; a bad setting prints every problem and exits 1
// before any port is opened. SIGHUP reloads the rules; SIGTERM/SIGINT drain and exit 0. With
// WORKERS > 1 this process only forks the workers (run-workers.ts), which run the same code.
// `-h`/`-help` prints the usage (the service has no flags) and exits 0; `-version`/`--version`
// prints `ratelimit <version>` and exits 0.
import 'reflect-metadata';
import cluster from 'node:cluster';
import { isHelpRequest, SERVICE_USAGE } from './cli/service-usage';
import { isVersionRequest, versionLine } from './cli/version';
import { startRatelimit } from './create-app';
import { createLogger } from './logging/create-logger';
import { routeGrpcLogs } from './logging/route-grpc-logs';
import { releaseStartUpMemory } from './release-start-up-memory';
import { ignoredSettings, parseSettingsOrExit } from './settings/settings';
import { runWorkers } from './run-workers';

async function main(): Promise<void> {
  if (isHelpRequest(process.argv.slice(2))) {
    process.stdout.write(`${SERVICE_USAGE}\n`);
    return;
  }
  if (isVersionRequest(process.argv.slice(2))) {
    process.stdout.write(`${versionLine('ratelimit')}\n`);
    return;
  }
  const settings = parseSettingsOrExit(process.env);
  const logger = createLogger(settings.log);
  routeGrpcLogs(logger, settings.log.level);
  // Once per service, not per worker: a variable accepted for compatibility changes nothing.
  if (cluster.isPrimary) for (const line of ignoredSettings(process.env)) logger.warn(line);
  if (settings.workers > 1 && cluster.isPrimary) {
    return runWorkers(settings.workers, logger, settings.server.grpcUds).catch((error: unknown) => {
      logger.fatal(`ratelimit failed to start: ${(error as Error).message}`);
      process.exit(1);
    });
  }
  let running;
  try {
    running = await startRatelimit(settings, { logger });
  } catch (error) {
    logger.fatal(`ratelimit failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
  const service = running;
  releaseStartUpMemory((cpuMs) => logger.debug(`start-up memory released (${cpuMs.toFixed(0)} ms of CPU)`));
  process.on('SIGHUP', () => {
    logger.info('SIGHUP: reloading the rules');
    service.reload();
  });
  const stop = (signal: string) => {
    logger.info(`${signal}: unhealthy from now on, draining requests in flight`);
    void service.shutdown().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
