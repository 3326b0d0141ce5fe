// WORKERS=N (docs/service.md, "Several processes"): N service processes sharing the listening ports
// through node:cluster, for machines with more cores than one Node process can use. The primary
// only forks, forwards signals and exits with the workers: SIGTERM drains every worker (each exits
// 0), SIGHUP makes every worker reload its rules. A worker that dies unexpectedly is replaced.
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { removeStaleUnixSocket } from './transport/grpc/remove-stale-unix-socket';

export async function runWorkers(count: number, logger: Logger, grpcUds: string): Promise<void> {
  // The workers share one unix socket: remove a stale one here, once, before any worker listens.
  if (grpcUds !== '' && (await removeStaleUnixSocket(grpcUds))) {
    logger.warn(`removed the stale unix socket ${grpcUds} (its process is gone)`);
  }
  let isStopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (isStopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const forward = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGHUP', () => forward('SIGHUP'));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      isStopping = true;
      forward('SIGTERM');
    });
  }
}
