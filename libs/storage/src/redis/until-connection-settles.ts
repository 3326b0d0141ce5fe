import type { RedisClient } from './create-redis-client';

/** ioredis states in which a connection is on its way (a sentinel client first asks for the master). */
const CONNECTING_STATES: ReadonlySet<string> = new Set(['wait', 'connecting', 'connect', 'reconnecting']);
const SETTLING_EVENTS = ['ready', 'error', 'close', 'end'] as const;

/**
 * Resolves once the client is no longer making a connection (it is ready, failed or closed), or
 * after `timeoutMs`, whichever comes first; at once when it is not connecting.
 */
export function untilConnectionSettles(client: RedisClient, timeoutMs: number): Promise<void> {
  if (!CONNECTING_STATES.has(client.status)) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      for (const event of SETTLING_EVENTS) client.off(event, settle);
      resolve();
    };
    const timer = setTimeout(settle, timeoutMs);
    for (const event of SETTLING_EVENTS) client.once(event, settle);
  });
}
