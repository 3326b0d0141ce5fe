// The library's own input checks, placed where the reference would crash with an incidental
// message (`options.q.split is not a function`): ours name the input and what it must be, in one
// phrase shape everywhere (it also compresses well in the browser bundle).

/**
 * `value` when `ok` (by default: when it has string methods, as strings and String objects do),
 * else throws `TypeError: <name> must be <what>`.
 */
export function check<T>(
  value: T,
  name: string,
  what = 'a string',
  ok: unknown = (value as { split?: unknown } | null | undefined)?.split,
): T {
  if (ok) return value;
  throw TypeError(name + ' must be ' + what);
}
