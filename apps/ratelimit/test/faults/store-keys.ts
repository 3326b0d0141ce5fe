// Checks on the keys a store holds after a fault test: no counter may be left without an expiry.
import { connect } from 'node:net';
import { LOOPBACK, type MemcachedServer, type RedisServer } from '@repo/test-support';

/** Run server-side in one script, so a few thousand keys cost one round trip. */
const WITHOUT_EXPIRY_SCRIPT = `
local missing = {}
local cursor = '0'
repeat
  local reply = redis.call('SCAN', cursor, 'COUNT', 1000)
  cursor = reply[1]
  for _, key in ipairs(reply[2]) do
    if redis.call('TTL', key) == -1 then table.insert(missing, key) end
  end
until cursor == '0'
return missing`;

/** Every key of `server` that has no expiry (TTL -1): a counter that would never go away. */
export async function redisKeysWithoutExpiry(server: RedisServer): Promise<string[]> {
  const reply = await server.command('EVAL', WITHOUT_EXPIRY_SCRIPT, '0');
  if (reply instanceof Error) throw reply;
  return (reply as string[]) ?? [];
}

/** Every item memcached holds, with its expiry (`lru_crawler metadump all`: exp=-1 is never). */
export function memcachedItems(server: MemcachedServer): Promise<{ key: string; exp: number }[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: LOOPBACK, port: server.port });
    let text = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no end of metadump within 5 s')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write('lru_crawler metadump all\r\n'));
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (/^(ERROR|BUSY|CLIENT_ERROR|SERVER_ERROR)/.test(text)) return socket.destroy(new Error(text.trim()));
      if (!text.endsWith('END\r\n')) return;
      socket.destroy();
      const items = [...text.matchAll(/^key=(\S+) exp=(-?\d+)/gm)];
      resolve(items.map(([, key, exp]) => ({ key: decodeURIComponent(key), exp: Number(exp) })));
    });
  });
}
