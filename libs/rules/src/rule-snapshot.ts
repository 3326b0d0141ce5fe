// What the service and the operator's console ask of the active rules: the lookup and the
// description. Its own file so that the model (model.ts) stays below the view built from it
// (describe-rules.ts), which the model never imports. Built once per (re)load, swapped atomically.
import type { DomainDescription, LimitDescription } from './describe-rules';
import type { Descriptor, MatchedLimit } from './model';

export interface RuleSnapshot {
  /** Domains in this snapshot. */
  readonly domains: readonly string[];
  hasDomain(domain: string): boolean;
  /**
   * Override first (when the domain exists), then exact -> wildcard (config order) ->
   * default per level, no backtracking, depth must equal config depth. Hot path.
   */
  findLimit(domain: string, descriptor: Descriptor): MatchedLimit | undefined;
  /** `/rlconfig` dump: one line per limit (per item of a `rate_limits` list). */
  dump(): string;
  /** The dump's lines (each with its newline), made one at a time: a large dump is sent in pieces. */
  dumpLines(): Iterable<string>;
  /**
   * Every domain's tree with its limits and sources, in load order, holding at most
   * `maxDescriptors` descriptors in all (the operator's console; every one by default).
   */
  describe(maxDescriptors?: number): readonly DomainDescription[];
  /** How many descriptors the snapshot holds, over every domain (counted once). */
  readonly descriptorCount: number;
  /** Every limit of these domains (of all by default) in load order, described one at a time. */
  limits(domains?: ReadonlySet<string>): Iterable<LimitDescription>;
}
