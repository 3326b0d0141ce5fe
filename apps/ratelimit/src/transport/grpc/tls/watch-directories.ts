// Calls onChange when anything changes in the given directories, and every pollIntervalMs as a
// safety net. The directories are watched, not the files: certificate rotation usually replaces
// files (write + rename, or Kubernetes' `..data` symlink swap), and a watch on a replaced file
// follows the old inode. Events come in bursts (cert, then key), so onChange runs once the
// directory has been quiet for debounceMs. Nothing here keeps the process alive.
import { watch, type FSWatcher } from 'node:fs';

export interface DirectoryWatchOptions {
  readonly directories: readonly string[];
  readonly debounceMs: number;
  /** 0 = no polling. Covers file systems whose events get lost (network mounts). */
  readonly pollIntervalMs: number;
  readonly onChange: () => void;
  /** A directory could not be watched: polling still runs. */
  readonly onError: (message: string) => void;
}

/** Starts watching; returns the function that stops it. */
export function watchDirectories(options: DirectoryWatchOptions): () => void {
  let debounce: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(debounce);
    debounce = setTimeout(options.onChange, options.debounceMs);
    debounce.unref();
  };
  const watchers: FSWatcher[] = [];
  for (const directory of new Set(options.directories)) {
    try {
      const watcher = watch(directory, { persistent: false }, schedule);
      watcher.on('error', (error) => options.onError(`watching ${directory} failed: ${error.message}`));
      watchers.push(watcher);
    } catch (error) {
      options.onError(`cannot watch ${directory}: ${(error as Error).message}`);
    }
  }
  const poll = options.pollIntervalMs > 0 ? setInterval(options.onChange, options.pollIntervalMs) : undefined;
  poll?.unref();
  return () => {
    clearTimeout(debounce);
    clearInterval(poll);
    for (const watcher of watchers) watcher.close();
  };
}
