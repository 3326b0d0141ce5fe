// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// Hostile rule files (docs/rules.md#limits-on-rule-files): small YAML that expands without bound
// through aliases or merge keys, and large but valid rule files, for the faults tests and bench/.

/**
 * Nested aliases: `&d0` is one descriptor, each further level a descriptor whose `descriptors`
 * list holds `fanOut` aliases of the level below, so the last level stands for fanOut^levels
 * descriptors (5 levels of 10: 100,000; about 500 bytes).
 */
export function aliasBombYaml(levels = 5, fanOut = 10): string {
  const lines = [
    'domain: bomb',
    'descriptors:',
    '  - &d0 {key: k0, rate_limit: {unit: second, requests_per_unit: 1}}',
  ];
  for (let level = 1; level <= levels; level += 1) {
    const aliases = Array.from({ length: fanOut }, () => `*d${level - 1}`).join(', ');
    lines.push(`  - &d${level} {key: k${level}, descriptors: [${aliases}]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Merge keys: each level merges the level below twice (`<<: [*mN, *mN]`), so a reader that
 * expands merges walks 2^levels maps from a file of a few hundred bytes.
 */
export function mergeKeyBombYaml(levels = 24): string {
  const lines = ['domain: merge-bomb', 'descriptors:', '  - &m0 {key: k, value: v0}'];
  for (let level = 1; level <= levels; level += 1) {
    lines.push(`  - &m${level} {<<: [*m${level - 1}, *m${level - 1}], value: v${level}}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A valid rules file of about `bytes` bytes: one domain, one descriptor per line
 * (`key: user, value: u<n>`) with its own limit. 10 MiB is about 140,000 limits.
 */
export function largeRulesYaml(bytes: number, domain = 'large'): string {
  const parts = [`domain: ${domain}\ndescriptors:\n`];
  let size = parts[0].length;
  for (let n = 0; size < bytes; n += 1) {
    const line = userDescriptorLine(n);
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

/** The same rules with `count` descriptors (`u0` to `u<count - 1>`). */
export function manyRulesYaml(count: number, domain: string): string {
  const lines = Array.from({ length: count }, (_, n) => userDescriptorLine(n));
  return `domain: ${domain}\ndescriptors:\n${lines.join('')}`;
}

/** Descriptor `n`: value `u<n>` and one of 1,000 limits. */
function userDescriptorLine(n: number): string {
  return `  - {key: user, value: u${n}, rate_limit: {unit: minute, requests_per_unit: ${(n % 1000) + 1}}}\n`;
}

/** The number of descriptors largeRulesYaml wrote (one per line after the first two). */
export function largeRulesCount(yaml: string): number {
  let count = 0;
  for (let at = yaml.indexOf('\n  - '); at >= 0; at = yaml.indexOf('\n  - ', at + 1)) count += 1;
  return count;
}
