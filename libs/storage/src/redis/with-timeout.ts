import { StoreUnavailableError } from '../store-unavailable-error';

/** Rejects with StoreUnavailableError when `promise` has not settled within `timeoutMs` (KV_TIMEOUT). */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StoreUnavailableError('redis', `no answer within ${timeoutMs} ms (KV_TIMEOUT)`)),
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
