// One descriptor's `rate_limit` block -> RateLimitRule, with the reference's checks (unit,
// unlimited, replaces; docs/rules.md) in its order: unit vs unlimited, (our unit_multiplier,
// algorithm and burst), then each `replaces` entry.
import { compileAlgorithm, type UnsupportedAlgorithms } from './compile-algorithm';
import { UNIT_SECONDS, type RateLimitRule, type Unit } from './model';
import type { RawDescriptor, RawRateLimit } from './raw-domain-config';

export type CompiledRule =
  { readonly rule: RateLimitRule } | { readonly detail: string; readonly at: object };

/** Unit names are case-insensitive; `unknown` is not a unit (proto enum value 0). */
export function parseUnit(text: string): Unit | undefined {
  const upper = text.toUpperCase();
  return Object.hasOwn(UNIT_SECONDS, upper) ? (upper as Unit) : undefined;
}

export function compileRule(descriptor: RawDescriptor, unsupported?: UnsupportedAlgorithms): CompiledRule {
  return compileLimit(descriptor.rateLimit ?? {}, descriptor, unsupported);
}

/**
 * One limit block (a `rate_limit`, or one item of `rate_limits`) with the node-level settings of
 * its descriptor (shadow, quota, detailed_metric, metadata), which every item of a list shares.
 */
export function compileLimit(
  rateLimit: RawRateLimit,
  descriptor: RawDescriptor,
  unsupported?: UnsupportedAlgorithms,
): CompiledRule {
  const unitText = rateLimit.unit ?? '';
  const unit = parseUnit(unitText);
  const unlimited = rateLimit.unlimited === true;
  if (unlimited && unit !== undefined)
    return { detail: 'should not specify rate limit unit when unlimited', at: rateLimit };
  if (!unlimited && unit === undefined)
    return { detail: `invalid rate limit unit '${unitText}'`, at: rateLimit };
  const unitMultiplier = rateLimit.unitMultiplier ?? 1;
  if (!unlimited && unitMultiplier < 1)
    return { detail: `invalid rate limit unit_multiplier '${unitMultiplier}'`, at: rateLimit };
  const algorithm = compileAlgorithm(rateLimit, unlimited, unsupported);
  if (typeof algorithm === 'string') return { detail: algorithm, at: rateLimit };
  const ownName = rateLimit.name ?? '';
  const badReplaces = checkReplaces(rateLimit, ownName);
  if (badReplaces !== undefined) return badReplaces;
  // An unlimited rule has no unit (the dump shows UNKNOWN); SECOND is a placeholder never used
  // for counting, because unlimited descriptors never reach the counter store.
  const effectiveUnit = unit ?? 'SECOND';
  const rule: RateLimitRule = {
    requestsPerUnit: rateLimit.requestsPerUnit ?? 0,
    unit: effectiveUnit,
    // unit_multiplier (ours) only lengthens the window; responses still name the unit.
    unitSeconds: UNIT_SECONDS[effectiveUnit] * (unlimited ? 1 : unitMultiplier),
    algorithm: algorithm.algorithm,
    burst: algorithm.burst,
    name: ownName === '' ? undefined : ownName,
    replaces: Object.freeze((rateLimit.replaces ?? []).map((entry) => entry.name ?? '')),
    unlimited,
    shadowMode: descriptor.shadowMode === true,
    quotaMode: descriptor.quotaMode === true,
    detailedMetric: descriptor.detailedMetric === true,
    metadata: descriptor.metadata === undefined ? undefined : deepFreeze({ ...descriptor.metadata }),
    itemLabel: undefined,
  };
  return { rule: Object.freeze(rule) };
}

function checkReplaces(rateLimit: RawRateLimit, ownName: string): CompiledRule | undefined {
  for (const entry of rateLimit.replaces ?? []) {
    const name = entry.name ?? '';
    if (name === '') return { detail: 'should not have an empty replaces entry', at: entry };
    if (name === ownName) return { detail: 'replaces should not contain name of same descriptor', at: entry };
  }
  return undefined;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
