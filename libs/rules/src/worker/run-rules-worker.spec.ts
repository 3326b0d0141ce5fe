import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { examplesDir, exampleSnapshot, manyLimitsYaml, readFixture } from '../../test/fixture-files';
import { compileSnapshot } from '../compile-snapshot';
import { fromXdsConfig, type XdsRateLimitConfig } from '../from-xds-config';
import { xdsProtos } from '../sources/xds-protos';
import { MAX_CHECK_CHANGES } from '../limit-changes';
import type { Algorithm } from '../model';
import type { RuleFileLayout } from '../sources/read-rule-files';
import {
  checkRulesInWorker,
  compileXdsInWorker,
  loadRulesInWorker,
  rulesWorkerPath,
} from './run-rules-worker';

const OPTIONS = { mergeDomainConfigs: false };
const MINOR = constants.NODE_PERFORMANCE_GC_MINOR;

describe(loadRulesInWorker.name, () => {
  let root: string;
  const layout = (appDirectory: string, maxFileBytes?: number): RuleFileLayout => ({
    runtimeRoot: root,
    runtimeSubdirectory: 'rl',
    runtimeAppDirectory: appDirectory,
    ignoreDotFiles: false,
    watchRoot: false,
    ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
  });
  const write = (appDirectory: string, name: string, text: string) => {
    mkdirSync(join(root, 'rl', appDirectory), { recursive: true });
    writeFileSync(join(root, 'rl', appDirectory, name), text);
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'rules-worker-'));
    for (const name of readdirSync(examplesDir()))
      write('examples', name, readFileSync(join(examplesDir(), name), 'utf8'));
    write('bomb', 'a.yaml', readFixture('basic_config.yaml'));
    write('bomb', 'b.yaml', readFixture('alias_bomb.yaml'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('finds its script beside its compiled file', () => {
    assert.equal(rulesWorkerPath(), join(__dirname, 'rules-worker.js'));
  });

  it('loads the examples as the serving thread would compile them', async () => {
    const { snapshot, configCount } = await loadRulesInWorker(layout('examples'), OPTIONS);
    const expected = exampleSnapshot();
    assert.equal(configCount, readdirSync(examplesDir()).length);
    assert.equal(snapshot.dump(), expected.dump());
    assert.deepEqual(snapshot.describe(), expected.describe());
  });

  it('rejects with the first error, as a RuleConfigError with its position', async () => {
    await assert.rejects(loadRulesInWorker(layout('bomb'), OPTIONS), {
      name: 'RuleConfigError',
      message:
        'b.yaml: error loading config file: yaml: document contains excessive aliasing (line 6, column 48)',
      sourceName: 'b.yaml',
      position: { line: 6, column: 48 },
    });
  });

  it('collects the young generation after each piece it receives', async () => {
    const lines = Array.from(
      { length: 3000 },
      (_, n) => `  - {key: user, value: u${n}, rate_limit: {unit: minute, requests_per_unit: 1}}`,
    );
    write('pieces', 'p.yaml', ['domain: pieces', 'descriptors:', ...lines, ''].join('\n'));
    const young: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) =>
      young.push(
        ...list
          .getEntries()
          .filter((entry) => (entry as unknown as { detail: { kind: number } }).detail.kind === MINOR),
      ),
    );
    observer.observe({ entryTypes: ['gc'] });
    try {
      const { snapshot } = await loadRulesInWorker(layout('pieces'), OPTIONS);
      await sleep(50); // gc entries are delivered after the fact
      assert.equal(snapshot.describe()[0]?.descriptors.length, 3000);
      // 3,001 records (the domain's root and 3,000 descriptors): 7 pieces of at most 500
      assert.ok(young.length >= 7, `${young.length} young collections`);
    } finally {
      observer.disconnect();
    }
  });

  it('refuses a file over the size bound', async () => {
    const size = Buffer.byteLength(readFixture('basic_config.yaml'));
    await assert.rejects(loadRulesInWorker(layout('bomb', size - 1), OPTIONS), {
      message: `a.yaml: error reading file: the file is ${size} bytes, more than the limit of ${size - 1} bytes (RULES_MAX_FILE_BYTES)`,
    });
  });

  it('ends the worker when the signal aborts (the source is stopping)', async () => {
    const stopping = new AbortController();
    const load = loadRulesInWorker(layout('examples'), OPTIONS, false, stopping.signal);
    stopping.abort();
    await assert.rejects(load, { name: 'AbortError' });
  });

  it('fails when a directory a load found before is missing (the rules in force stay)', async () => {
    await assert.rejects(loadRulesInWorker(layout('vanished'), OPTIONS, true), {
      name: 'RuleConfigError',
      message: `${join(root, 'rl', 'vanished')}: the rules directory is missing; the rules loaded before stay in force`,
    });
    const { configCount } = await loadRulesInWorker(layout('vanished'), OPTIONS, false);
    assert.equal(configCount, 0);
  });

  it('refuses what the store cannot run (options cross to the worker)', async () => {
    write('bucket', 'a.yaml', readFixture('algorithms.yaml'));
    const unsupportedAlgorithms = new Map<Algorithm, string>([
      ['token_bucket', 'token_bucket needs the redis or memory backend'],
    ]);
    await assert.rejects(loadRulesInWorker(layout('bucket'), { ...OPTIONS, unsupportedAlgorithms }), {
      name: 'RuleConfigError',
      message: /^a\.yaml: token_bucket needs the redis or memory backend/,
    });
  });
});

describe(compileXdsInWorker.name, () => {
  const config = (domain: string): XdsRateLimitConfig => ({
    name: `${domain}-rules`,
    domain,
    descriptors: [
      { key: 'client', rateLimit: { unit: 'MINUTE', requestsPerUnit: 5 } },
      { key: 'path', value: '/login', rateLimit: { unit: 'HOUR', requestsPerUnit: 20 } },
    ],
  });
  const bytes = (configs: XdsRateLimitConfig[]) =>
    configs.map((item) => xdsProtos().rateLimitConfig.serialize(item));

  it('decodes and compiles an xDS set as the serving thread would', async () => {
    const configs = [config('edge'), config('api')];
    const { snapshot, configCount } = await compileXdsInWorker(bytes(configs), OPTIONS);
    const expected = compileSnapshot(configs.map(fromXdsConfig), OPTIONS);
    assert.equal(configCount, 2);
    assert.equal(snapshot.dump(), expected.dump());
    assert.deepEqual(snapshot.describe(), expected.describe());
  });

  it('rejects with what could not be decoded or compiled', async () => {
    await assert.rejects(compileXdsInWorker([Buffer.from([0x0f])], OPTIONS), {
      message: /^cannot decode xDS RateLimitConfig resource: /,
    });
    await assert.rejects(compileXdsInWorker(bytes([config('')]), OPTIONS), {
      message: '-rules: config file cannot have empty domain',
    });
  });
});

describe(checkRulesInWorker.name, () => {
  it('collects every error of a paste', async () => {
    const checked = await checkRulesInWorker(readFixture('rate_limits_errors.yaml'), 'p.yaml', OPTIONS);
    assert.deepEqual([checked.changes, checked.changeCount], [[], 0]);
    assert.equal(checked.errorCount, checked.errors.length);
    assert.ok(checked.errorCount > 1);
    assert.ok(
      checked.errors.every((error) => error.name === 'RuleConfigError' && error.sourceName === 'p.yaml'),
    );
  });

  it("asks for the lines in force of the paste's domains, and answers the changes against them", async () => {
    const asked: (readonly string[])[] = [];
    const inForce = (domains: readonly string[]) => {
      asked.push(domains);
      return [
        ['test-domain.key2_value2', '30 per 1 MINUTE, fixed_window'],
        ['test-domain.key1_value1.subkey1', '6 per 1 SECOND, fixed_window'],
        ['test-domain.gone', '1 per 1 DAY, fixed_window'],
      ] as const;
    };
    const checked = await checkRulesInWorker(readFixture('basic_config.yaml'), 'p.yaml', OPTIONS, inForce);
    assert.deepEqual(asked, [['test-domain']]);
    assert.deepEqual(checked.errors, []);
    const byKey = new Map(checked.changes.map((change) => [change.key, change]));
    assert.deepEqual(byKey.get('test-domain.key1_value1.subkey1'), {
      change: 'changed',
      key: 'test-domain.key1_value1.subkey1',
      before: '6 per 1 SECOND, fixed_window',
      after: '5 per 1 SECOND, fixed_window',
    });
    assert.equal(byKey.has('test-domain.key2_value2'), false, 'unchanged');
    assert.equal(byKey.has('test-domain.key2_value3'), false, 'a value without a limit');
    assert.deepEqual(byKey.get('test-domain.gone'), {
      change: 'removed',
      key: 'test-domain.gone',
      before: '1 per 1 DAY, fixed_window',
      after: null,
    });
    assert.equal(checked.changeCount, checked.changes.length);
  });

  it('answers the first MAX_CHECK_CHANGES changes of a large paste and how many there are', async () => {
    const limits = MAX_CHECK_CHANGES + 500;
    const yaml = manyLimitsYaml(limits);
    const checked = await checkRulesInWorker(yaml, 'p.yaml', OPTIONS);
    assert.equal(checked.changes.length, MAX_CHECK_CHANGES);
    assert.equal(checked.changeCount, limits);
    assert.deepEqual(checked.changes[0], {
      change: 'added',
      key: 'y.user_u0',
      before: null,
      after: '1 per 1 MINUTE, fixed_window',
    });
  });
});
