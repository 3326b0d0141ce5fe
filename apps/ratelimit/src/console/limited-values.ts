// Who is being limited: per rule (its config node's stats key), the descriptor values with the
// most over-limit hits over the last few minutes. One Space-Saving summary per rule and minute,
// a fixed number of minutes and of rules, each value's text cut to a fixed length: memory stays
// bounded whatever the number of distinct values (docs/console.md#who-is-limited).
import type { DescriptorEntry } from '@repo/rules';
import { mergeSummaries, SpaceSaving, type HeavyHitter } from './space-saving';

export interface LimitedValuesOptions {
  /** Slots per rule and minute (the error bound is total / slots). */
  readonly slots: number;
  /** How many minutes, the current one included, the answer covers. */
  readonly minutes: number;
  /** Rules tracked at once; a rule idle for `minutes` gives its place to a new one. */
  readonly maxRules: number;
  /** Longer descriptor values (all values of a descriptor together) are cut and end with `…`. */
  readonly maxValueLength: number;
}

export const LIMITED_VALUES_DEFAULTS: LimitedValuesOptions = Object.freeze({
  slots: 64,
  minutes: 5,
  maxRules: 100,
  maxValueLength: 200,
});

export interface LimitedRule {
  readonly ruleStatsKey: string;
  /** Over-limit hits recorded for the rule in the window (the N of the bound). */
  readonly overLimitHits: number;
  /** No reported count is more than this above the true one (sum over minutes of N / slots). */
  readonly errorBound: number;
  readonly top: readonly HeavyHitter[];
}

/** Joins the values of a descriptor with several entries (a control character no header carries). */
const VALUE_SEPARATOR = '\u001f';

interface RuleMinutes {
  /** The descriptor keys of the rule's node (fixed by its place in the tree). */
  readonly entryKeys: readonly string[];
  /** Index minute % minutes -> that minute's summary, with the minute it belongs to. */
  readonly summaries: (SpaceSaving | undefined)[];
  readonly minuteOf: number[];
  lastMinute: number;
}

export class LimitedValues {
  private readonly rules = new Map<string, RuleMinutes>();
  /** Over-limit hits not recorded because every rule place was taken by an active rule. */
  droppedHits = 0;

  constructor(readonly options: LimitedValuesOptions = LIMITED_VALUES_DEFAULTS) {}

  /** Counts `hits` over-limit hits of `entries` under the rule `ruleStatsKey`. */
  record(ruleStatsKey: string, entries: readonly DescriptorEntry[], hits: number, nowMs: number): void {
    const minute = Math.floor(nowMs / 60_000);
    const rule = this.rules.get(ruleStatsKey) ?? this.addRule(ruleStatsKey, entries, minute);
    if (rule === undefined) {
      this.droppedHits += hits;
      return;
    }
    this.summaryOf(rule, minute).add(this.summaryKey(entries), hits);
    rule.lastMinute = minute;
  }

  /** Every rule with over-limit hits in the window, most hits first, each with its top `n` values. */
  top(n: number, nowMs: number): LimitedRule[] {
    const minute = Math.floor(nowMs / 60_000);
    const answer: LimitedRule[] = [];
    for (const [ruleStatsKey, rule] of this.rules) {
      const summaries = this.liveSummaries(rule, minute);
      const overLimitHits = summaries.reduce((sum, summary) => sum + summary.total, 0);
      if (overLimitHits === 0) continue;
      const errorBound = summaries.reduce((sum, summary) => sum + summary.minimumCount(), 0);
      const top = mergeSummaries(summaries, n).map((hit) => ({
        ...hit,
        value: displayText(rule.entryKeys, hit.value),
      }));
      answer.push({ ruleStatsKey, overLimitHits, errorBound, top });
    }
    return answer.sort(
      (a, b) => b.overLimitHits - a.overLimitHits || (a.ruleStatsKey < b.ruleStatsKey ? -1 : 1),
    );
  }

  /**
   * The values only (the keys are the rule's), cut to maxValueLength: a one-entry descriptor's
   * value is used as it is, with no string built per call.
   */
  private summaryKey(entries: readonly DescriptorEntry[]): string {
    let text = entries.length === 1 ? entries[0].value : '';
    if (entries.length !== 1)
      for (let i = 0; i < entries.length; i++) text += (i === 0 ? '' : VALUE_SEPARATOR) + entries[i].value;
    return cutText(text, this.options.maxValueLength);
  }

  private liveSummaries(rule: RuleMinutes, minute: number): SpaceSaving[] {
    const live: SpaceSaving[] = [];
    for (let i = 0; i < rule.summaries.length; i++) {
      const summary = rule.summaries[i];
      if (summary !== undefined && minute - rule.minuteOf[i] < this.options.minutes) live.push(summary);
    }
    return live;
  }

  private summaryOf(rule: RuleMinutes, minute: number): SpaceSaving {
    const index = minute % this.options.minutes;
    let summary = rule.summaries[index];
    if (summary === undefined || rule.minuteOf[index] !== minute) {
      summary = new SpaceSaving(this.options.slots);
      rule.summaries[index] = summary;
      rule.minuteOf[index] = minute;
    }
    return summary;
  }

  /** A new rule's place: free, or taken from a rule idle for the whole window; else undefined. */
  private addRule(
    ruleStatsKey: string,
    entries: readonly DescriptorEntry[],
    minute: number,
  ): RuleMinutes | undefined {
    if (this.rules.size >= this.options.maxRules) {
      const idle = [...this.rules].find(([, rule]) => minute - rule.lastMinute >= this.options.minutes);
      if (idle === undefined) return undefined;
      this.rules.delete(idle[0]);
    }
    const minutes = this.options.minutes;
    const rule: RuleMinutes = {
      entryKeys: entries.map(({ key }) => key),
      summaries: new Array<SpaceSaving | undefined>(minutes).fill(undefined),
      minuteOf: new Array<number>(minutes).fill(-1),
      lastMinute: minute,
    };
    this.rules.set(ruleStatsKey, rule);
    return rule;
  }
}

/**
 * `text` cut to `max` characters, the last one `…`, as a string of its own: a slice of a long
 * string is, in V8, a view that keeps the whole string alive (60 over-limit values of 1.3 MB kept
 * 74 MiB in the summaries, apps/ratelimit/test/faults/hostile-memory.faults-spec.ts), so the cut
 * text is copied out through its UTF-8 bytes; a surrogate pair is never split.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return Buffer.from(text.slice(0, end) + '…', 'utf8').toString('utf8');
}

/** `key=value` pairs joined by `, `, e.g. `remote_address=10.0.0.1`. */
function displayText(keys: readonly string[], summaryKey: string): string {
  const values = keys.length === 1 ? [summaryKey] : summaryKey.split(VALUE_SEPARATOR);
  return values.map((value, i) => `${keys[i] ?? ''}=${value}`).join(', ');
}
