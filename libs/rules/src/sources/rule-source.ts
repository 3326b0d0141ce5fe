// Where rules come from (files, xDS). A source only produces RawDomainConfig lists (or an
// error); the registry compiles and swaps snapshots, so it does not care which source it runs.
import type { RuleSnapshot } from '../rule-snapshot';
import type { RawDomainConfig } from '../raw-domain-config';

/** A set compiled elsewhere (the file source compiles in a worker process). */
export interface PreparedRules {
  readonly snapshot: RuleSnapshot;
  /** Number of files loaded. */
  readonly configCount: number;
}

/** What a source delivers: raw configs for the registry to compile, or a compiled set. */
export type RuleSet = readonly RawDomainConfig[] | PreparedRules;

export interface RuleSource {
  /**
   * Starts delivering: `onConfigs` receives the complete current set after every (re)load and
   * returns the compile error when the set was rejected (the xDS source NACKs with its message);
   * `onError` gets a load that failed before compiling. The registry keeps the last good
   * snapshot either way. `warnings` name what an operator should know about a load that did not
   * fail (a rules directory that does not exist loads no rules). `version` is the xDS
   * resource version of the set (files have none).
   */
  start(
    onConfigs: (configs: RuleSet, warnings?: readonly string[], version?: string) => Error | void,
    onError: (error: Error) => void,
  ): Promise<void>;
  stop(): Promise<void>;
  /** Reload now (SIGHUP); sources without a notion of reloading omit it. */
  reload?(): void;
}
