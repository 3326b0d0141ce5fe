import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyFileSync } from 'node:fs';
import { EVERY_ERROR_KIND, everyErrorKindFile } from '../../test/support/every-error-kind';
import { aliasBombYaml, mergeKeyBombYaml } from '../../load/hostile-rules';
import { CONFIG_CHECK_USAGE, parseConfigCheckFlags, runConfigCheck } from './config-check';

const GOOD =
  'domain: good\ndescriptors:\n  - key: k\n    rate_limit:\n      unit: minute\n      requests_per_unit: 1\n';

describe(runConfigCheck.name, () => {
  let root: string;
  const directory = (name: string, files: Record<string, string>) => {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return dir;
  };
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    const exitCode = await runConfigCheck(argv, (line) => lines.push(line), env);
    return { exitCode, lines };
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'config-check-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('prints the files it opens and `all rate limit configs ok`, exit 0', async () => {
    const dir = directory('ok', { 'a.yaml': GOOD, 'b.yaml': GOOD.replace('good', 'other') });
    assert.deepEqual(await run(['-config_dir', dir]), {
      exitCode: 0,
      lines: [
        'checking rate limit configs...',
        `loading config directory: ${dir}`,
        `opening config file: ${join(dir, 'a.yaml')}`,
        `opening config file: ${join(dir, 'b.yaml')}`,
        'all rate limit configs ok',
      ],
    });
  });

  it('prints every error with file, line and column, exit 1', async () => {
    const dir = directory('bad', {
      '1-syntax.yaml': "'''\n",
      '2-unknown-key.yaml':
        'domain: x\ndescriptors:\n  - key: a\n    ratelimit: {}\n  - key: b\n    bogus: 1\n',
      '3-units.yaml':
        'domain: y\ndescriptors:\n  - key: a\n    rate_limit: {unit: foo}\n  - key: b\n    rate_limit: {unit: bar}\n',
      '4-dup.yaml': GOOD,
      '5-dup.yaml': GOOD,
    });
    const { exitCode, lines } = await run([`-config_dir=${dir}`]);
    assert.equal(exitCode, 1);
    assert.deepEqual(lines.slice(7), [
      `error loading rate limit configs: ${join(dir, '1-syntax.yaml')}: error loading config file: Missing closing 'quote (line 2, column 1)`,
      `error loading rate limit configs: ${join(dir, '2-unknown-key.yaml')}: config error, unknown key 'ratelimit' (line 4, column 5)`,
      `error loading rate limit configs: ${join(dir, '2-unknown-key.yaml')}: config error, unknown key 'bogus' (line 6, column 5)`,
      `error loading rate limit configs: ${join(dir, '3-units.yaml')}: invalid rate limit unit 'foo' (line 4, column 17)`,
      `error loading rate limit configs: ${join(dir, '3-units.yaml')}: invalid rate limit unit 'bar' (line 6, column 17)`,
      `error loading rate limit configs: ${join(dir, '5-dup.yaml')}: duplicate domain 'good' in config file (line 1, column 9)`,
    ]);
  });

  it('lists one error of every kind in one file at once, in file order', async () => {
    const dir = directory('every-kind', {});
    const file = join(dir, 'every_error_kind.yaml');
    copyFileSync(everyErrorKindFile(), file);
    const { exitCode, lines } = await run(['-config_dir', dir]);
    assert.equal(exitCode, 1);
    assert.deepEqual(
      lines.slice(3),
      EVERY_ERROR_KIND.map(
        ([line, column, detail]) =>
          `error loading rate limit configs: ${file}: ${detail} (line ${line}, column ${column})`,
      ),
    );
  });

  it('prints every algorithm and burst error with file, line and column', async () => {
    const rule = (key: string, body: string) =>
      `  - key: ${key}\n    rate_limit:\n      unit: minute\n      requests_per_unit: 5\n${body}`;
    const dir = directory('algorithms', {
      'a8.yaml': [
        'domain: a8',
        'descriptors:',
        rule('leaky', '      algorithm: leaky\n'),
        rule('burst_sliding', '      algorithm: sliding_window\n      burst: 3\n'),
        rule('burst_zero', '      algorithm: token_bucket\n      burst: 0\n'),
        '  - key: unlimited\n    rate_limit:\n      unlimited: true\n      algorithm: token_bucket\n',
        rule('fine', '      algorithm: token_bucket\n      burst: 9\n'),
      ].join('\n'),
    });
    const { exitCode, lines } = await run([`-config_dir=${dir}`]);
    assert.equal(exitCode, 1);
    const file = join(dir, 'a8.yaml');
    assert.deepEqual(lines.slice(-4), [
      `error loading rate limit configs: ${file}: invalid rate limit algorithm 'leaky' (line 5, column 7)`,
      `error loading rate limit configs: ${file}: burst is only valid with algorithm token_bucket (line 11, column 7)`,
      `error loading rate limit configs: ${file}: invalid rate limit burst '0' (line 18, column 7)`,
      `error loading rate limit configs: ${file}: should not specify rate limit algorithm when unlimited (line 25, column 7)`,
    ]);
  });

  it('prints every rate_limits error with file, line and column: at the node or at the item', async () => {
    const list = (key: string, ...items: string[]) =>
      `  - key: ${key}\n    rate_limits:\n${items.map((item) => `      - ${item}\n`).join('')}`;
    const second = '{ unit: second, requests_per_unit: 1 }';
    const dir = directory('several', {
      'several.yaml': [
        'domain: several',
        'descriptors:',
        '  - key: both\n    rate_limit: { unit: day, requests_per_unit: 1 }\n    rate_limits:\n      - { unit: second, requests_per_unit: 1 }',
        '  - key: empty\n    rate_limits: []',
        list('many', ...Array.from({ length: 17 }, () => second)).trimEnd(),
        list(
          'items',
          '{ unlimited: true }',
          '{ unit: fortnight }',
          '{ unit: day, name: d, replaces: [{ name: d }] }',
        ).trimEnd(),
        list('fine', second, '{ unit: day, requests_per_unit: 250, name: daily }'),
      ].join('\n'),
    });
    const { exitCode, lines } = await run([`-config_dir=${dir}`]);
    assert.equal(exitCode, 1);
    const file = join(dir, 'several.yaml');
    assert.deepEqual(lines.slice(-6), [
      `error loading rate limit configs: ${file}: should not specify both rate_limit and rate_limits (line 3, column 5)`,
      `error loading rate limit configs: ${file}: rate_limits must be a non-empty list (line 7, column 5)`,
      `error loading rate limit configs: ${file}: rate_limits allows at most 16 limits (line 9, column 5)`,
      `error loading rate limit configs: ${file}: unlimited is not allowed in rate_limits (line 30, column 9)`,
      `error loading rate limit configs: ${file}: invalid rate limit unit 'fortnight' (line 31, column 9)`,
      `error loading rate limit configs: ${file}: replaces should not contain name of same descriptor (line 32, column 42)`,
    ]);
  });

  it('refuses the alias bomb and the merge-key bomb with file, line and column, exit 1', async () => {
    const dir = directory('bombs', {
      'alias.yaml': aliasBombYaml(6),
      'merge.yaml': mergeKeyBombYaml(30),
      'ok.yaml': GOOD,
    });
    const { exitCode, lines } = await run(['-config_dir', dir]);
    assert.equal(exitCode, 1);
    assert.deepEqual(lines.slice(5), [
      `error loading rate limit configs: ${join(dir, 'alias.yaml')}: error loading config file: yaml: document contains excessive aliasing (line 6, column 48)`,
      `error loading rate limit configs: ${join(dir, 'merge.yaml')}: error loading config file: yaml: document contains excessive aliasing (line 12, column 15)`,
    ]);
  });

  it('merges domains with -merge_domain_configs', async () => {
    const dir = directory('merge', { 'a.yaml': GOOD, 'b.yaml': GOOD.replace('key: k', 'key: other') });
    assert.equal((await run(['-config_dir', dir])).exitCode, 1);
    assert.equal((await run(['-config_dir', dir, '-merge_domain_configs'])).exitCode, 0);
    assert.equal((await run(['--config_dir', dir, '-merge_domain_configs=false'])).exitCode, 1);
  });

  it('reports an unreadable entry and a missing directory, exit 1', async () => {
    const dir = directory('with-subdir', { 'a.yaml': GOOD });
    mkdirSync(join(dir, 'sub'));
    const { exitCode, lines } = await run(['-config_dir', dir]);
    assert.equal(exitCode, 1);
    assert.match(lines.at(-1) ?? '', new RegExp(`^error reading file ${join(dir, 'sub')}: EISDIR`));
    const missing = await run(['-config_dir', join(root, 'missing')]);
    assert.equal(missing.exitCode, 1);
    assert.match(missing.lines.at(-1) ?? '', /^error opening directory .*missing: ENOENT/);
  });

  it('prints the usage and exits 0 on -h, -help and --help', async () => {
    for (const flag of ['-h', '-help', '--help']) {
      const { exitCode, lines } = await run([flag]);
      assert.equal(exitCode, 0, flag);
      assert.deepEqual(lines, [CONFIG_CHECK_USAGE], flag);
    }
  });

  it('refuses `counting: cached` with another algorithm, and on memcache (-backend_type, else BACKEND_TYPE)', async () => {
    const dir = directory('cached', {
      'c.yaml': [
        'domain: c',
        'descriptors:',
        '  - key: fixed',
        '    rate_limit: {unit: minute, requests_per_unit: 1000, counting: cached}',
        '  - key: sliding',
        '    rate_limit: {unit: minute, requests_per_unit: 1000, algorithm: sliding_window, counting: cached}',
        '',
      ].join('\n'),
    });
    const file = join(dir, 'c.yaml');
    const algorithm = `error loading rate limit configs: ${file}: counting: cached is only valid with algorithm fixed_window (line 6, column 17)`;
    const store = `error loading rate limit configs: ${file}: counting: cached needs the redis or memory backend (line 4, column 17)`;
    const errors = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const { exitCode, lines } = await run(['-config_dir', dir, ...argv], env);
      return { exitCode, errors: lines.slice(3) };
    };
    assert.deepEqual(await errors([]), { exitCode: 1, errors: [algorithm] });
    assert.deepEqual(await errors(['-backend_type', 'redis']), { exitCode: 1, errors: [algorithm] });
    assert.deepEqual(await errors(['-backend_type=memory']), { exitCode: 1, errors: [algorithm] });
    assert.deepEqual(await errors(['-backend_type', 'memcache']), {
      exitCode: 1,
      errors: [store, algorithm],
    });
    assert.deepEqual(await errors([], { BACKEND_TYPE: 'memcached' }), {
      exitCode: 1,
      errors: [store, algorithm],
    });
    assert.deepEqual(await errors(['-backend_type=redis'], { BACKEND_TYPE: 'memcache' }), {
      exitCode: 1,
      errors: [algorithm],
    });
    const { exitCode, lines } = await run(['-config_dir', dir, '-backend_type', 'etcd']);
    assert.deepEqual(
      [exitCode, lines[0]],
      [2, 'invalid value "etcd" for -backend_type: not redis, memcache, memcached or memory'],
    );
  });

  it('rejects unknown flags with usage, exit 2', async () => {
    const { exitCode, lines } = await run(['-config_directory', 'x']);
    assert.equal(exitCode, 2);
    assert.equal(lines[0], 'flag provided but not defined: -config_directory');
  });
});

describe(parseConfigCheckFlags.name, () => {
  it('reads Go flag syntax', () => {
    assert.deepEqual(parseConfigCheckFlags(['-config_dir', 'd']), {
      configDir: 'd',
      mergeDomainConfigs: false,
    });
    assert.deepEqual(parseConfigCheckFlags(['-merge_domain_configs=true', '--config_dir=d']), {
      configDir: 'd',
      mergeDomainConfigs: true,
    });
    assert.equal(parseConfigCheckFlags(['-config_dir']), 'flag needs an argument: -config_dir');
    assert.equal(parseConfigCheckFlags(['-backend_type']), 'flag needs an argument: -backend_type');
    assert.deepEqual(parseConfigCheckFlags(['-config_dir', 'd'], { BACKEND_TYPE: 'memcached' }), {
      configDir: 'd',
      mergeDomainConfigs: false,
      backendType: 'memcache',
    });
    assert.equal(
      parseConfigCheckFlags(['-merge_domain_configs=maybe']),
      'invalid boolean value "maybe" for -merge_domain_configs',
    );
  });
});
