/** A mistake in the store options (wrong url format, missing file, bad number...), found at start-up. */
export class StorageOptionsError extends Error {
  override readonly name = 'StorageOptionsError';
}
