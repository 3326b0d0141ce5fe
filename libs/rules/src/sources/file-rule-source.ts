// Rule files on disk (docs/rules.md): reads and parses every file on start and after each change, and
// delivers the complete set (or the first error). Change detection follows RUNTIME_WATCH_ROOT:
// - true: only a re-creation of the RUNTIME_ROOT entry itself (atomic symlink swap) reloads.
//   chokidar watching the symlink keeps following the old target and misses the swap, so the
//   parent directory is watched at depth 0 and events are filtered to the root's name.
// - false: any write/create/chmod/remove of an entry of the rules directory reloads (raw
//   inotify events are used too, because chokidar reports no event for a chmod).
// Bursts of events are debounced; loads run one at a time, in order. A rules directory that
// vanishes after it was read is a load error, so the last good rules stay in force.
import { once } from 'node:events';
import { basename, dirname, resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { parseYamlConfig } from '../parse-yaml-config';
import type { RawDomainConfig } from '../raw-domain-config';
import { Debouncer } from './debouncer';
import {
  isDirectory,
  missingDirectoryError,
  readRuleFilesOf,
  ruleFilesDirectory,
  type RuleFile,
  type RuleFileLayout,
} from './read-rule-files';
import type { RuleSet, RuleSource } from './rule-source';
import type { CompileOptions } from '../compile-snapshot';
import { loadRulesInWorker } from '../worker/run-rules-worker';

export interface FileRuleSourceOptions extends RuleFileLayout {
  /** Quiet period after the last file event before reloading (default 100 ms). */
  readonly debounceMs?: number;
}

export const DEFAULT_RELOAD_DEBOUNCE_MS = 100;

/**
 * A first load awaited before any listener opens reads files up to this size in all here instead of
 * starting a worker process: nobody is waiting on the serving loop yet, and a worker costs a
 * start-up 40-150 ms (docs/rules.md#where-rules-are-compiled). Larger sets, and every reload, go to
 * the worker.
 */
export const FIRST_LOAD_IN_PROCESS_MAX_BYTES = 256 * 1024;

export class FileRuleSource implements RuleSource {
  private readonly debouncer: Debouncer;
  private watcher: FSWatcher | undefined;
  private loading: Promise<void> = Promise.resolve();
  private isStopped = false;
  /** Ends a load's worker when the source stops (a large file must not hold up a shutdown). */
  private stopping = new AbortController();
  /** Set once a load found the rules directory: from then on its disappearance is an error. */
  private hasSeenDirectory = false;
  private onConfigs: (configs: RuleSet, warnings: readonly string[]) => unknown = () => undefined;
  private onError: (error: Error) => void = () => undefined;

  /**
   * With `compileOptions`, files are read, parsed and compiled in a worker process and only the
   * compiled rules reach the service (docs/rules.md#where-rules-are-compiled); without, they are
   * parsed here and the registry compiles them.
   */
  constructor(
    private readonly options: FileRuleSourceOptions,
    private readonly compileOptions?: CompileOptions,
    /** True when the first load is awaited before the service serves (it may then run here). */
    private isFirstLoadBeforeServing = false,
  ) {
    this.debouncer = new Debouncer(options.debounceMs ?? DEFAULT_RELOAD_DEBOUNCE_MS, () => void this.load());
  }

  async start(
    onConfigs: (configs: RuleSet, warnings?: readonly string[]) => Error | void,
    onError: (error: Error) => void,
  ): Promise<void> {
    this.onConfigs = onConfigs;
    this.onError = onError;
    this.isStopped = false;
    this.stopping = new AbortController();
    // Watch first, then load: a change made during the first load still triggers a reload.
    this.watcher = await this.startWatching();
    await this.load();
  }

  reload(): void {
    this.debouncer.cancel();
    void this.load();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.stopping.abort();
    this.debouncer.cancel();
    await this.watcher?.close();
    this.watcher = undefined;
    await this.loading;
  }

  private load(): Promise<void> {
    this.loading = this.loading.then(() => this.loadOnce());
    return this.loading;
  }

  private async loadOnce(): Promise<void> {
    if (this.isStopped) return;
    let configs: RuleSet;
    let warnings: readonly string[];
    try {
      warnings = await this.checkDirectory();
      configs = (await this.loadSmallFirstSetHere()) ?? (await this.loadRules());
    } catch (error) {
      if (!this.isStopped) this.onError(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!this.isStopped) this.onConfigs(configs, warnings);
  }

  private async loadRules(): Promise<RuleSet> {
    if (this.compileOptions === undefined)
      return parseRuleFiles(await readRuleFilesOf(this.options, this.hasSeenDirectory));
    return loadRulesInWorker(this.options, this.compileOptions, this.hasSeenDirectory, this.stopping.signal);
  }

  /** The first set, parsed here, when it is awaited before serving and small; else undefined. */
  private async loadSmallFirstSetHere(): Promise<RuleSet | undefined> {
    if (!this.isFirstLoadBeforeServing) return undefined;
    this.isFirstLoadBeforeServing = false;
    const files = await readRuleFilesOf(this.options, this.hasSeenDirectory);
    const bytes = files.reduce((sum, file) => sum + file.text.length, 0);
    return bytes <= FIRST_LOAD_IN_PROCESS_MAX_BYTES ? parseRuleFiles(files) : undefined;
  }

  /**
   * A directory deleted after a load (or a volume unmounted, or a symlink swap done in two steps)
   * must not replace the rules in force by an empty set: that would lift every limit at once.
   * A directory missing from the start still means "no rules", as in the reference, but it is
   * named in a warning (RUNTIME_ROOT first: on a laptop the default /srv/runtime_data/current
   * does not exist), so a typo in a path is not a silent "allow everything".
   */
  private async checkDirectory(): Promise<readonly string[]> {
    const directory = ruleFilesDirectory(this.options);
    if (directory !== undefined && (await isDirectory(directory))) {
      this.hasSeenDirectory = true;
      return [];
    }
    if (directory !== undefined && this.hasSeenDirectory) {
      throw missingDirectoryError(directory);
    }
    const missing = (await isDirectory(this.options.runtimeRoot)) ? directory : this.options.runtimeRoot;
    return missing === undefined ? [] : [missingDirectoryWarning(missing)];
  }

  /**
   * watchRoot: the parent of RUNTIME_ROOT, depth 0, events of the root entry only. Otherwise the
   * parent of the rules directory, depth 1, events of the directory and its entries: a watch on
   * the directory itself would end with it, and a directory deleted and restored (or mounted
   * again) would never be reloaded.
   */
  private async startWatching(): Promise<FSWatcher | undefined> {
    const root = resolve(this.options.runtimeRoot);
    const rulesDirectory = ruleFilesDirectory(this.options);
    if (!this.options.watchRoot && rulesDirectory === undefined) return undefined;
    const directory = resolve(this.options.watchRoot ? root : (rulesDirectory as string));
    const watcher = watch(dirname(directory), {
      depth: this.options.watchRoot ? 0 : 1,
      ignoreInitial: true,
      followSymlinks: false,
      ignorePermissionErrors: true,
    });
    const rootName = basename(root);
    const isRelevant = (path: string) =>
      this.options.watchRoot
        ? basename(path) === rootName
        : path === directory || path.startsWith(directory + sep);
    watcher.on('all', (_event, path) => {
      if (isRelevant(path)) this.debouncer.schedule();
    });
    // Raw events name the entry relative to the watched path (a directory or a file).
    watcher.on('raw', (_event, path, details) => {
      if (typeof path !== 'string') return;
      const watched = (details as { watchedPath?: string } | undefined)?.watchedPath ?? '';
      if (isRelevant(resolve(watched, path)) || isRelevant(watched)) this.debouncer.schedule();
    });
    // Watch errors (e.g. a directory that vanished) are not load errors: the next event or the
    // next reload reports what the files say.
    watcher.on('error', () => undefined);
    await once(watcher, 'ready');
    return watcher;
  }
}

/** The warning of a load that found no rules directory (shown in the log and on /rlconfig). */
export function missingDirectoryWarning(path: string): string {
  return `rules directory ${path} does not exist: no rules are loaded, every request is allowed`;
}

/** Parses every file; the first error fails the whole load (nothing from any file is applied). */
export function parseRuleFiles(files: readonly RuleFile[]): RawDomainConfig[] {
  return files.map((file) => {
    const { config, errors } = parseYamlConfig(file.key, file.text);
    if (errors.length > 0) throw errors[0];
    return config as RawDomainConfig;
  });
}
