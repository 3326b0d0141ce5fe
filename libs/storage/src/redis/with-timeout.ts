import { StoreUnavailableError } from '../store-unavailable-error';

/**
 * Rejects with StoreUnavailableError when `promise` has not settled within `timeoutMs` (KV_TIMEOUT).
 * The rejection waits one more turn of the event loop (setImmediate): when the loop was held past
 * the deadline (a major GC, a profile's start or stop), the answer may already be in the socket,
 * and timers run before the poll phase reads it, so without that turn a healthy store's answer
 * would be thrown away as a timeout.
 */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        setImmediate(() =>
          reject(new StoreUnavailableError('redis', `no answer within ${timeoutMs} ms (KV_TIMEOUT)`)),
        ),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
