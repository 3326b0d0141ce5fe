// A limit as one line of text, keyed by its stats key: what the console's check compares between
// pasted rules and the rules in force. The check worker makes the paste's lines itself, so the
// serving thread receives short strings instead of the paste's whole described tree, and the
// serving thread makes those in force one piece at a time (docs/console.md#json-api).
import type { LimitDescription } from './describe-rules';

/** [stats key, a one-line summary of the limit] for each limit, one at a time. */
export function* limitLines(limits: Iterable<LimitDescription>): Generator<[string, string]> {
  for (const limit of limits) yield [limit.statsKey, limitText(limit)];
}

/** E.g. `10 per 1 MINUTE, fixed_window, counting cached, shadow_mode`. */
export function limitText(limit: LimitDescription): string {
  if (limit.unlimited) return 'unlimited';
  const parts = [`${limit.requestsPerUnit} per ${limit.unitMultiplier} ${limit.unit}`, limit.algorithm];
  if (limit.algorithm === 'token_bucket') parts.push(`burst ${limit.burst}`);
  if (limit.counting === 'cached') parts.push('counting cached');
  if (limit.name !== null) parts.push(`name ${limit.name}`);
  if (limit.replaces.length > 0) parts.push(`replaces ${limit.replaces.join(' ')}`);
  if (limit.shadowMode) parts.push('shadow_mode');
  if (limit.quotaMode) parts.push('quota_mode');
  if (limit.detailedMetric) parts.push('detailed_metric');
  return parts.join(', ');
}
