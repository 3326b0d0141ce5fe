// Test helpers: locate the YAML fixtures (and the repo's examples/) from source or from any
// build output directory (dist mirrors the source tree but does not copy YAML files).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileSnapshot, parseYamlConfig, type RawDomainConfig, type RuleSnapshot } from '@repo/rules';

function findUp(relativePath: string): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${relativePath} not found above ${__dirname}`);
  }
}

export const fixturesDir = (): string => findUp('libs/rules/test/fixtures');
export const examplesDir = (): string => findUp('examples/ratelimit/config');

/** Domain `y` with `count` one-line descriptors (`user` = u0, u1, ...), limits 1, 2, ... a minute. */
export function manyLimitsYaml(count: number): string {
  const lines = Array.from(
    { length: count },
    (_, n) => `  - {key: user, value: u${n}, rate_limit: {unit: minute, requests_per_unit: ${n + 1}}}`,
  );
  return ['domain: y', 'descriptors:', ...lines, ''].join('\n');
}

export function readFixture(name: string): string {
  return readFileSync(join(fixturesDir(), name), 'utf8');
}

/** Parses a fixture (source name = file name, as in the reference's tests); throws on errors. */
export function loadFixture(name: string, text = readFixture(name)): RawDomainConfig {
  const parsed = parseYamlConfig(name, text);
  if (parsed.errors.length > 0) throw parsed.errors[0];
  return parsed.config as RawDomainConfig;
}

export function snapshotOf(names: readonly string[], mergeDomainConfigs = false): RuleSnapshot {
  return compileSnapshot(
    names.map((name) => loadFixture(name)),
    { mergeDomainConfigs },
  );
}

export function exampleSnapshot(): RuleSnapshot {
  const dir = examplesDir();
  const configs = readdirSync(dir)
    .sort()
    .map((name) => loadFixture(name, readFileSync(join(dir, name), 'utf8')));
  return compileSnapshot(configs, { mergeDomainConfigs: false });
}
