// Unit enums of the wire (proto/envoy/type/v3/ratelimit_unit.proto and rls.proto). A request
// override uses envoy.type.v3.RateLimitUnit; Envoy appended WEEK = 7 to it after YEAR
// (proto/envoy/type/v3/ratelimit_unit.proto), and the reference's unit table knows weeks, so an
// override may use it too. Unknown names and numbers map to 'UNKNOWN', which the service rejects
// with INVALID_ARGUMENT (the reference crashes).
import type { Unit } from '@repo/rules';

const OVERRIDE_UNITS_BY_NUMBER: readonly string[] = [
  'UNKNOWN',
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'MONTH',
  'YEAR',
  'WEEK',
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

/**
 * A rule's unit as the number of rls.proto's RateLimitResponse.RateLimit.Unit, which numbers the
 * units as RateLimitUnit does (WEEK = 7 included).
 */
export function unitToWire(unit: Unit): number {
  return Math.max(0, OVERRIDE_UNITS_BY_NUMBER.indexOf(unit));
}
