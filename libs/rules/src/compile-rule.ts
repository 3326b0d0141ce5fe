// One descriptor's `rate_limit` block -> RateLimitRule, with the reference's checks (unit,
// unlimited, replaces; docs/rules.md) in its order: unit vs unlimited, (our unit_multiplier,
// algorithm and burst), then each `replaces` entry. Every problem of the block is listed (the
// config checker shows them all); the service reports the first, which is the reference's.
import { compileAlgorithm, type UnsupportedAlgorithms } from './compile-algorithm';
import { UNIT_SECONDS, type RateLimitRule, type Unit } from './model';
import type { RawDescriptor, RawRateLimit } from './raw-domain-config';

/** One error of a limit block, positioned at a raw object (the block, an entry, the node). */
export interface LimitProblem {
  readonly detail: string;
  readonly at: object;
}

export type CompiledRule = { readonly rule: RateLimitRule } | { readonly problems: readonly LimitProblem[] };

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
  const unitMultiplier = rateLimit.unitMultiplier ?? 1;
  const algorithm = compileAlgorithm(rateLimit, unlimited, unsupported);
  const ownName = rateLimit.name ?? '';
  const problems = [
    ...unitProblems(rateLimit, unit, unlimited),
    ...(typeof algorithm === 'string' ? [{ detail: algorithm, at: rateLimit }] : []),
    ...replacesProblems(rateLimit, ownName),
  ];
  if (problems.length > 0 || typeof algorithm === 'string') return { problems };
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
    counting: algorithm.counting,
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

function unitProblems(rateLimit: RawRateLimit, unit: Unit | undefined, unlimited: boolean): LimitProblem[] {
  if (unlimited)
    return unit === undefined
      ? []
      : [{ detail: 'should not specify rate limit unit when unlimited', at: rateLimit }];
  const problems: LimitProblem[] = [];
  if (unit === undefined)
    problems.push({ detail: `invalid rate limit unit '${rateLimit.unit ?? ''}'`, at: rateLimit });
  const multiplier = rateLimit.unitMultiplier ?? 1;
  if (multiplier < 1)
    problems.push({ detail: `invalid rate limit unit_multiplier '${multiplier}'`, at: rateLimit });
  return problems;
}

function replacesProblems(rateLimit: RawRateLimit, ownName: string): LimitProblem[] {
  const problems: LimitProblem[] = [];
  for (const entry of rateLimit.replaces ?? []) {
    const name = entry.name ?? '';
    if (name === '') problems.push({ detail: 'should not have an empty replaces entry', at: entry });
    else if (name === ownName)
      problems.push({ detail: 'replaces should not contain name of same descriptor', at: entry });
  }
  return problems;
}

/** Freezes an object graph (a rule's metadata), so no caller can change a rule in force. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
