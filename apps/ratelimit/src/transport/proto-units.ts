// Unit enums of the wire (spec A6). A request override uses envoy.type.v3.RateLimitUnit, which
// has no WEEK; a response's RateLimit.Unit has WEEK = 7. Unknown names and numbers map to
// 'UNKNOWN', which the service rejects with INVALID_ARGUMENT (A3).
import type { Unit } from '@repo/rules';

const OVERRIDE_UNITS_BY_NUMBER: readonly string[] = [
  'UNKNOWN',
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'MONTH',
  'YEAR',
];
const OVERRIDE_UNIT_NAMES = new Set(OVERRIDE_UNITS_BY_NUMBER);

/** A decoded override unit (name or number) -> our Unit, or 'UNKNOWN' as a string the service rejects. */
export function overrideUnitFromWire(unit: unknown): Unit {
  if (typeof unit === 'number') return (OVERRIDE_UNITS_BY_NUMBER[unit] ?? 'UNKNOWN') as Unit;
  if (typeof unit === 'string' && OVERRIDE_UNIT_NAMES.has(unit)) return unit as Unit;
  return 'UNKNOWN' as Unit;
}

export function isOverrideUnitName(unit: string): boolean {
  return OVERRIDE_UNIT_NAMES.has(unit);
}
