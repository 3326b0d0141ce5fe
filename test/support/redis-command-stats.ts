// Commands a Redis server has run, from `INFO commandstats` (`cmdstat_<name>:calls=N,...`):
// commands a script runs count under their own names, so a test or the bench can tell the batch
// script calls (its round trips) from the counting commands inside them.
import { parseInfo } from './resp-command';
import type { RedisServer } from './redis-server';

/** A server to ask: a RedisServer, or anything else that runs one command. */
export type RedisCommandTarget = Pick<RedisServer, 'command'>;

/** Calls per command name (lower case, e.g. `evalsha`, `incr`), since start or CONFIG RESETSTAT. */
export async function redisCommandCalls(server: RedisCommandTarget): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const [field, value] of parseInfo(await server.command('INFO', 'commandstats'))) {
    if (!field.startsWith('cmdstat_')) continue;
    const count = /(?:^|,)calls=(\d+)/.exec(value);
    if (count !== null) calls.set(field.slice('cmdstat_'.length), Number(count[1]));
  }
  return calls;
}

/** Calls of the batch script so far (EVALSHA, and EVAL when the script was not loaded yet). */
export async function redisScriptCalls(server: RedisCommandTarget): Promise<number> {
  const calls = await redisCommandCalls(server);
  return (calls.get('evalsha') ?? 0) + (calls.get('eval') ?? 0);
}
