/** Which backend failed; named in every StoreUnavailableError message. */
export type StorageBackend = 'memory' | 'redis' | 'memcache';

/**
 * The counter store could not answer (connection down, timeout, server error). Transport code
 * maps it to gRPC UNAVAILABLE / HTTP 503 (ours; the reference answers UNKNOWN / 400); the driver
 * error is kept as `cause`.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly backend: StorageBackend;

  constructor(backend: StorageBackend, reason: string, options?: { cause?: unknown }) {
    super(`${backend} counter store unavailable: ${reason}`, options);
    this.backend = backend;
  }
}

/** A call to a store after its close(). */
export function storeClosedError(backend: StorageBackend): StoreUnavailableError {
  return new StoreUnavailableError(backend, 'the store is closed');
}

/** Wraps any driver failure; keeps an existing StoreUnavailableError as it is. */
export function toStoreUnavailableError(backend: StorageBackend, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(backend, reason, { cause: error });
}
