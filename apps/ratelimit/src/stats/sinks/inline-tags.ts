// gostats' inline tag form: a stat with tags is named `<name>.__<key>=<value>...`, tags sorted by
// key, values with `.`, `:` and `|` replaced by `_` (gostats tags.go serializeTags). Plain statsd
// gets the name as is; tagged sinks turn the pairs back into real tags (godogstats separateTags).

const TAG_PREFIX = '.__';
const VALUE_SEPARATORS = /[.:|]/g;

export interface SplitName {
  readonly base: string;
  /** In the order they appear in the name; malformed pairs (no `=`) are dropped. */
  readonly tags: readonly (readonly [key: string, value: string])[];
}

export function splitInlineTags(name: string): SplitName {
  const start = name.indexOf(TAG_PREFIX);
  if (start === -1) return { base: name, tags: [] };
  const tags: [string, string][] = [];
  for (const pair of name.slice(start + TAG_PREFIX.length).split(TAG_PREFIX)) {
    const separator = pair.indexOf('=');
    if (separator > 0) tags.push([pair.slice(0, separator), pair.slice(separator + 1)]);
  }
  return { base: name.slice(0, start), tags };
}

/**
 * Adds EXTRA_TAGS to a stat name the way a gostats scope with tags does: merged with the stat's
 * own tags (those win on the same key), sorted by key. Without extra tags the name is unchanged.
 */
export function withExtraTags(name: string, extraTags: Readonly<Record<string, string>>): string {
  const extra = Object.entries(extraTags);
  if (extra.length === 0) return name;
  const { base, tags } = splitInlineTags(name);
  const merged = new Map<string, string>(extra);
  for (const [key, value] of tags) merged.set(key, value);
  let full = base;
  for (const key of [...merged.keys()].sort()) {
    full += `${TAG_PREFIX}${key}=${merged.get(key)!.replace(VALUE_SEPARATORS, '_')}`;
  }
  return full;
}
