// Deep copies and deep freezing of generated test inputs (plain, null-prototype, arrays, Dates).

export function cloneDeep<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof String) return new String(value.valueOf()) as T;
  if (Array.isArray(value)) return value.map(cloneDeep) as T;
  const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = cloneDeep((value as Record<string, unknown>)[key]);
  return copy as T;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
