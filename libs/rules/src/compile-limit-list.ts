// A node's `rate_limits` list (ours: several limits on one descriptor, checked together) -> its
// items, or every error found: first what is wrong with the list itself (at the node), then each
// item's own errors (at the item), in list order, so the config checker can list them all.
import type { UnsupportedAlgorithms } from './compile-algorithm';
import { compileLimit, type LimitProblem } from './compile-rule';
import { UNIT_SECONDS, type RateLimitRule } from './model';
import type { RawDescriptor } from './raw-domain-config';

/** Most items one list may hold (the counters of a node stay a handful of keys per request). */
export const MAX_RATE_LIMITS = 16;

/** An error of the list (positioned at the descriptor) or of one item (at the item). */
export type ListError = LimitProblem;

export type CompiledList =
  { readonly items: readonly RateLimitRule[] } | { readonly errors: readonly ListError[] };

export function compileLimitList(
  descriptor: RawDescriptor,
  unsupported?: UnsupportedAlgorithms,
): CompiledList {
  const list = descriptor.rateLimits ?? [];
  const errors: ListError[] = [];
  if (descriptor.rateLimit !== undefined)
    return { errors: [{ detail: 'should not specify both rate_limit and rate_limits', at: descriptor }] };
  if (list.length === 0)
    return { errors: [{ detail: 'rate_limits must be a non-empty list', at: descriptor }] };
  if (list.length > MAX_RATE_LIMITS)
    errors.push({ detail: `rate_limits allows at most ${MAX_RATE_LIMITS} limits`, at: descriptor });
  const rules: RateLimitRule[] = [];
  for (const item of list) {
    if (item.unlimited !== undefined) {
      errors.push({ detail: 'unlimited is not allowed in rate_limits', at: item });
      continue;
    }
    const compiled = compileLimit(item, descriptor, unsupported);
    if ('rule' in compiled) rules.push(compiled.rule);
    else errors.push(...compiled.problems);
  }
  if (errors.length > 0) return { errors };
  return { items: Object.freeze(labelItems(rules)) };
}

/**
 * Each item with its label: its name, else its window (`per_second`, `per_5_minute`). A label
 * already taken by an earlier item of the list gets `_<position>` (1-based), so two items with
 * the same window still count on separate keys and report under separate stats keys.
 */
function labelItems(rules: readonly RateLimitRule[]): RateLimitRule[] {
  const taken = new Set<string>();
  return rules.map((rule, index) => {
    const wanted = rule.name ?? windowLabel(rule);
    let label = wanted;
    for (let suffix = index + 1; taken.has(label); suffix++) label = `${wanted}_${suffix}`;
    taken.add(label);
    return Object.freeze({ ...rule, itemLabel: label });
  });
}

/** `per_<unit>`, or `per_<N>_<unit>` with a unit_multiplier N > 1. */
export function windowLabel(rule: RateLimitRule): string {
  const multiplier = rule.unitSeconds / UNIT_SECONDS[rule.unit];
  const unit = rule.unit.toLowerCase();
  return multiplier === 1 ? `per_${unit}` : `per_${multiplier}_${unit}`;
}
