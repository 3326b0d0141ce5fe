// The shapes of the console's JSON API (docs/console.md#json-api), as the page reads them.
import type { DomainDescription } from '@repo/rules';

export type { DomainDescription, LimitDescription, RuleNodeDescription } from '@repo/rules';

export interface LoadRecord {
  readonly ok: boolean;
  readonly atMs: number;
  readonly error?: string;
  readonly version?: string;
  readonly domainCount?: number;
  readonly configCount?: number;
  readonly warnings?: readonly string[];
}

export interface RulesAnswer {
  readonly nowMs: number;
  readonly pid: number;
  readonly origin: string;
  readonly lastAttempt: LoadRecord | null;
  readonly lastSuccess: LoadRecord | null;
  readonly lastFailure: LoadRecord | null;
  /** The first `maxDescriptors` descriptors in load order. */
  readonly domains: readonly DomainDescription[];
  /** Every descriptor in force, shown or not. */
  readonly descriptorCount: number;
  readonly maxDescriptors: number;
}

export interface TrafficSeries {
  readonly statsKey: string;
  readonly requests: readonly number[];
  readonly nearLimit: readonly number[];
  readonly overLimit: readonly number[];
}

export interface TrafficAnswer {
  readonly lastSecond: number;
  readonly seconds: number;
  readonly untrackedKeys: number;
  readonly series: readonly TrafficSeries[];
}

export interface HeavyHitter {
  readonly value: string;
  readonly count: number;
  readonly error: number;
}

export interface LimitedAnswer {
  readonly windowMinutes: number;
  readonly slotsPerMinute: number;
  readonly droppedHits: number;
  readonly rules: readonly {
    readonly ruleStatsKey: string;
    readonly overLimitHits: number;
    readonly errorBound: number;
    readonly top: readonly HeavyHitter[];
  }[];
}

export interface LiveAnswer {
  readonly pid: number;
  /** Rule loads the answering process has ended: the page asks for the rules when it changes. */
  readonly ruleLoads: number;
  readonly traffic: TrafficAnswer;
  readonly limited: LimitedAnswer;
}

export interface CheckAnswer {
  readonly ok: boolean;
  readonly errors: readonly { message: string; line: number | null; column: number | null; detail: string }[];
  /** Every error; `errors` holds the first 100. */
  readonly errorCount: number;
  /** The first 1,000 changes. */
  readonly changes: readonly {
    change: 'added' | 'removed' | 'changed';
    key: string;
    before: string | null;
    after: string | null;
  }[];
  /** Every change; `changes` holds the first 1,000. */
  readonly changeCount: number;
}
