// Unlimited and `replaces` (reference constructLimitsToCheck): after matching every descriptor of
// one request, unlimited limits are set aside (answered OK locally, no counter, no stats) and every
// limit whose `name` is listed in the `replaces` of any matched limit of the same request is
// dropped (status OK, no counter, no stats). Replacement works only within one request and may be
// mutual. The items of a `rate_limits` node take part one by one: each item's `replaces` counts as
// a rule's, a named item is dropped on its own, and a node whose every item is dropped is dropped.
import type { LimitItem, MatchedLimit } from './model';

export interface LimitsToCheck {
  /** Per descriptor, in request order: the limit to count, or undefined (none, unlimited or replaced). */
  readonly limits: (MatchedLimit | undefined)[];
  /** Per descriptor: true when its limit is unlimited (status OK, limit_remaining 4294967295). */
  readonly isUnlimited: boolean[];
}

/** Runs on every call: arrays are filled by `push` in one loop (no `slice`, no `new Array().fill`). */
export function resolveLimitsToCheck(matches: readonly (MatchedLimit | undefined)[]): LimitsToCheck {
  const limits: (MatchedLimit | undefined)[] = [];
  const isUnlimited: boolean[] = [];
  let replaced: Set<string> | undefined; // allocated only when a rule uses `replaces`
  for (let i = 0; i < matches.length; i++) {
    const limit = matches[i];
    const isSetAside = limit !== undefined && limit.items === undefined && limit.rule.unlimited;
    limits.push(isSetAside ? undefined : limit);
    isUnlimited.push(isSetAside);
    if (limit === undefined) continue;
    if (limit.items !== undefined) {
      // a list has no unlimited item
      for (const item of limit.items) replaced = addReplaces(replaced, item.rule.replaces);
    } else {
      replaced = addReplaces(replaced, limit.rule.replaces);
    }
  }
  if (replaced !== undefined) {
    for (let i = 0; i < limits.length; i++) limits[i] = withoutReplaced(limits[i], replaced);
  }
  return { limits, isUnlimited };
}

function addReplaces(replaced: Set<string> | undefined, names: readonly string[]): Set<string> | undefined {
  for (let i = 0; i < names.length; i++) (replaced ??= new Set()).add(names[i]);
  return replaced;
}

function withoutReplaced(
  limit: MatchedLimit | undefined,
  replaced: ReadonlySet<string>,
): MatchedLimit | undefined {
  if (limit === undefined) return undefined;
  if (limit.items === undefined) return isReplaced(limit.rule.name, replaced) ? undefined : limit;
  const kept: LimitItem[] = limit.items.filter((item) => !isReplaced(item.rule.name, replaced));
  if (kept.length === limit.items.length) return limit;
  return kept.length === 0 ? undefined : { ...limit, rule: kept[0].rule, items: kept };
}

function isReplaced(name: string | undefined, replaced: ReadonlySet<string>): boolean {
  return name !== undefined && name !== '' && replaced.has(name);
}
