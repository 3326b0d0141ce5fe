// The total of the counters matching a pattern across Redis servers (each node of a cluster holds
// its own slots), read server-side in one script per server: what the store really holds after a
// cached-counting run.
import type { RedisServer } from '@repo/test-support';

const SUM_SCRIPT = `
local total = 0
local cursor = '0'
repeat
  local reply = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = reply[1]
  for _, key in ipairs(reply[2]) do total = total + tonumber(redis.call('GET', key)) end
until cursor == '0'
return total`;

export async function storedCounterTotal(servers: readonly RedisServer[], pattern: string): Promise<number> {
  let total = 0;
  for (const server of servers) {
    const reply = await server.command('EVAL', SUM_SCRIPT, '0', pattern);
    if (reply instanceof Error) throw reply;
    total += Number(reply);
  }
  return total;
}
