import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileSnapshot, MAX_CHECK_CHANGES, parseYamlConfig } from '@repo/rules';
import { readFileSync } from 'node:fs';
import { STORE_CAPABILITIES } from '@repo/storage';
import { unsupportedAlgorithms } from '../limiter/algorithms/counter-algorithms';
import {
  EVERY_ERROR_KIND,
  everyErrorKindFile,
  TOKEN_BUCKET_REFUSED,
} from '../../test/support/every-error-kind';
import { checkRules } from './check-rules';

const OPTIONS = { mergeDomainConfigs: false };

function snapshotOf(...files: string[]) {
  return compileSnapshot(
    files.map((text, i) => parseYamlConfig(`f${i}.yaml`, text).config!),
    OPTIONS,
  );
}

const IN_FORCE = snapshotOf(
  `domain: api
descriptors:
  - key: remote_address
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: path
    value: /login
    rate_limit: { unit: second, requests_per_unit: 5 }
`,
  `domain: other
descriptors:
  - key: k
    rate_limit: { unit: hour, requests_per_unit: 1 }
`,
);

describe(checkRules.name, () => {
  it('lists the limits added, changed and removed in the domains of the paste only', async () => {
    const yaml = `domain: api
descriptors:
  - key: remote_address
    rate_limit: { unit: minute, requests_per_unit: 20, counting: cached }
    shadow_mode: true
  - key: user
    rate_limit: { unit: hour, requests_per_unit: 100, algorithm: token_bucket, burst: 10 }
`;
    assert.deepEqual(await checkRules(yaml, IN_FORCE, OPTIONS), {
      ok: true,
      errors: [],
      errorCount: 0,
      changes: [
        {
          change: 'changed',
          key: 'api.remote_address',
          before: '10 per 1 MINUTE, fixed_window',
          after: '20 per 1 MINUTE, fixed_window, counting cached, shadow_mode',
        },
        { change: 'added', key: 'api.user', before: null, after: '100 per 1 HOUR, token_bucket, burst 10' },
        { change: 'removed', key: 'api.path_/login', before: '5 per 1 SECOND, fixed_window', after: null },
      ],
      changeCount: 3,
    });
  });

  it('reports every error with its line and column, and no changes', async () => {
    const yaml = `domain: api
descriptors:
  - key: remote_address
    rate_limit: { unit: fortnight, requests_per_unit: 20 }
  - key: remote_address
    rate_limit: { unit: minute, requests_per_unit: 1 }
`;
    const result = await checkRules(yaml, IN_FORCE, OPTIONS);
    assert.equal(result.ok, false);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(
      result.errors.map(({ line, column }) => [line, column]),
      result.errors.map(({ message }) => {
        const match = /\(line (\d+), column (\d+)\)$/.exec(message)!;
        return [Number(match[1]), Number(match[2])];
      }),
    );
    assert.equal(result.errors.length, 2);
    assert.match(
      result.errors[0].message,
      /^pasted\.yaml: invalid rate limit unit 'fortnight' \(line 4, column/,
    );
    assert.match(
      result.errors[1].message,
      /^pasted\.yaml: duplicate descriptor composite key 'api\.remote_address' \(line 5, column/,
    );
  });

  it('lists one error of every kind in one paste at once, in file order', async () => {
    const yaml = readFileSync(everyErrorKindFile(), 'utf8');
    const listed = async (options: Parameters<typeof checkRules>[2]) =>
      (await checkRules(yaml, IN_FORCE, options)).errors.map(({ line, column, detail }) => [
        line,
        column,
        detail,
      ]);
    assert.deepEqual(await listed(OPTIONS), EVERY_ERROR_KIND);
    // On memcached a token bucket is refused before its burst is checked.
    const refused = TOKEN_BUCKET_REFUSED[2];
    const onMemcached = EVERY_ERROR_KIND.map(([line, column, detail]) =>
      detail === "invalid rate limit burst '0'" ? [line, column, refused] : [line, column, detail],
    );
    onMemcached.splice(-1, 0, [...TOKEN_BUCKET_REFUSED]);
    assert.deepEqual(
      await listed({ ...OPTIONS, unsupportedAlgorithms: unsupportedAlgorithms(STORE_CAPABILITIES.memcache) }),
      onMemcached,
    );
  });

  it('reports a YAML syntax error with its position', async () => {
    const result = await checkRules('domain: api\ndescriptors:\n  - key: [unclosed\n', IN_FORCE, OPTIONS);
    assert.equal(result.ok, false);
    assert.equal(result.errors.length, 1);
    assert.equal(typeof result.errors[0].line, 'number');
    assert.match(result.errors[0].message, /^pasted\.yaml: error loading config file: /);
  });

  it('compares with nothing when no rules are in force', async () => {
    const result = await checkRules(
      'domain: new\ndescriptors:\n  - key: a\n    rate_limit: { unit: day, requests_per_unit: 3 }\n',
      undefined,
      OPTIONS,
    );
    assert.deepEqual(result.changes, [
      { change: 'added', key: 'new.a', before: null, after: '3 per 1 DAY, fixed_window' },
    ]);
  });

  it('refuses nested aliases with the alias where the expansion passed the bound', async () => {
    const levels = ['domain: bomb', 'descriptors:', '  - &d0 {key: k0}'];
    for (let level = 1; level <= 5; level += 1)
      levels.push(
        `  - &d${level} {key: k${level}, descriptors: [${Array(10)
          .fill(`*d${level - 1}`)
          .join(', ')}]}`,
      );
    const result = await checkRules(`${levels.join('\n')}\n`, IN_FORCE, OPTIONS);
    assert.deepEqual(result, {
      ok: false,
      errors: [
        {
          message:
            'pasted.yaml: error loading config file: yaml: document contains excessive aliasing (line 7, column 33)',
          detail: 'error loading config file: yaml: document contains excessive aliasing',
          line: 7,
          column: 33,
        },
      ],
      errorCount: 1,
      changes: [],
      changeCount: 0,
    });
  });

  it('answers the first 1,000 changes and how many there are; the rest of the domains in force are not described', async () => {
    const lines = ['domain: api', 'descriptors:'];
    for (let n = 0; n < 1500; n += 1)
      lines.push(`  - {key: k${n}, rate_limit: {unit: day, requests_per_unit: ${n + 1}}}`);
    const result = await checkRules(`${lines.join('\n')}\n`, IN_FORCE, OPTIONS);
    assert.equal(result.ok, true);
    assert.equal(result.changes.length, MAX_CHECK_CHANGES);
    // 1,500 added, and the 2 limits of domain api in force removed; domain other is not compared
    assert.equal(result.changeCount, 1502);
    assert.deepEqual(result.changes[999], {
      change: 'added',
      key: 'api.k999',
      before: null,
      after: '1000 per 1 DAY, fixed_window',
    });
  });

  it('answers the first 100 errors and how many there are', async () => {
    const lines = ['domain: api', 'descriptors:'];
    for (let n = 0; n < 150; n += 1) lines.push(`  - {key: k${n}, rate_limit: {unit: fortnight}}`);
    const result = await checkRules(`${lines.join('\n')}\n`, IN_FORCE, OPTIONS);
    assert.equal(result.errors.length, 100);
    assert.equal(result.errorCount, 150);
    assert.equal(
      result.errors[99].message,
      "pasted.yaml: invalid rate limit unit 'fortnight' (line 102, column 28)",
    );
  });
});
