// Redis Cluster redirections (MOVED, ASK) while slots move between masters. ioredis follows them
// for commands it sends one by one, but not inside an auto-pipeline that also holds successful
// writes (Pipeline#fillResult retries a cluster pipeline only when every command failed with the
// same redirection): the caller gets the MOVED error, and since nothing refreshes the slot map the
// next commands go to the old master again until the periodic refresh. Found by the resharding
// fault test (docs/failure-behaviour.md#redis-cluster-resharding-under-load): half of the calls
// failed while slots moved.
import type { Cluster } from 'ioredis';

/**
 * ioredis refuses (before sending anything) an auto-pipeline whose slots changed owner between
 * the moment its commands were queued and the moment it is written: the slot map was refreshed.
 */
const PIPELINE_SPLIT_BY_REFRESH = 'All keys in the pipeline should belong to the same slots allocation group';

/**
 * A MOVED or ASK reply, or a pipeline refused because the slot map changed under it: the command
 * was not executed, so sending it again counts nothing twice.
 */
export function isRedirection(error: unknown): boolean {
  return (
    error instanceof Error &&
    (/^(MOVED|ASK) /.test(error.message) || error.message === PIPELINE_SPLIT_BY_REFRESH)
  );
}

/**
 * Runs `send` on ioredis' one-command path, which follows MOVED (and updates the slot map, so
 * the auto-pipelined commands after it go to the new master) and ASK. ioredis reads
 * enableAutoPipelining when a command is issued, so turning it off around the synchronous
 * `send` affects that command only.
 */
function sendFollowingRedirects<T>(cluster: Cluster, send: () => Promise<T>): Promise<T> {
  const options = cluster.options;
  options.enableAutoPipelining = false;
  try {
    return send();
  } finally {
    options.enableAutoPipelining = true;
  }
}

/**
 * `send()` auto-pipelined; if redirected, sent again following the redirection, once `after` (if
 * any) has settled. An EXPIRE must wait for its INCRBY: sent to the new master first, it would find
 * no key, and the INCRBY would then create a counter that never expires.
 */
export function withRedirects<T>(
  cluster: Cluster,
  send: () => Promise<T>,
  after?: Promise<unknown>,
): Promise<T> {
  return send().catch(async (error: unknown) => {
    if (!isRedirection(error)) throw error;
    await after;
    return sendFollowingRedirects(cluster, send);
  });
}
