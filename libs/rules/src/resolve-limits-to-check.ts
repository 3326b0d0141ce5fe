// §2.4 (reference constructLimitsToCheck): after matching every descriptor of one request,
// unlimited limits are set aside (answered OK locally, no counter, no stats) and every limit whose
// `name` is listed in the `replaces` of any matched limit of the same request is dropped (status
// OK, no counter, no stats). Replacement works only within one request and may be mutual.
import type { MatchedLimit } from './model';

export interface LimitsToCheck {
  /** Per descriptor, in request order: the limit to count, or undefined (none, unlimited or replaced). */
  readonly limits: (MatchedLimit | undefined)[];
  /** Per descriptor: true when its limit is unlimited (status OK, limit_remaining 4294967295). */
  readonly isUnlimited: boolean[];
}

export function resolveLimitsToCheck(matches: readonly (MatchedLimit | undefined)[]): LimitsToCheck {
  const limits = matches.slice();
  const isUnlimited = new Array<boolean>(matches.length).fill(false);
  let replaced: Set<string> | undefined; // allocated only when a rule uses `replaces`
  for (let i = 0; i < limits.length; i++) {
    const limit = limits[i];
    if (limit === undefined) continue;
    for (const name of limit.rule.replaces) (replaced ??= new Set()).add(name);
    if (limit.rule.unlimited) {
      isUnlimited[i] = true;
      limits[i] = undefined;
    }
  }
  if (replaced !== undefined) {
    for (let i = 0; i < limits.length; i++) {
      const name = limits[i]?.rule.name;
      if (name !== undefined && name !== '' && replaced.has(name)) limits[i] = undefined;
    }
  }
  return { limits, isUnlimited };
}
