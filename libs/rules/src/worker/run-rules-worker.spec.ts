import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { examplesDir, exampleSnapshot, readFixture } from '../../test/fixture-files';
import type { Algorithm } from '../model';
import type { RuleFileLayout } from '../sources/read-rule-files';
import { checkRulesInWorker, loadRulesInWorker, rulesWorkerPath } from './run-rules-worker';

const OPTIONS = { mergeDomainConfigs: false };

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

describe(checkRulesInWorker.name, () => {
  it('collects every error of a paste', async () => {
    const checked = await checkRulesInWorker(readFixture('rate_limits_errors.yaml'), 'p.yaml', OPTIONS);
    assert.equal(checked.limits, undefined);
    assert.equal(checked.errorCount, checked.errors.length);
    assert.ok(checked.errorCount > 1);
    assert.ok(
      checked.errors.every((error) => error.name === 'RuleConfigError' && error.sourceName === 'p.yaml'),
    );
  });

  it('answers the domains of a paste without errors, and each limit as one line by stats key', async () => {
    const checked = await checkRulesInWorker(readFixture('basic_config.yaml'), 'p.yaml', OPTIONS);
    assert.deepEqual(checked.errors, []);
    assert.deepEqual(checked.limits?.domains, ['test-domain']);
    assert.equal(
      checked.limits?.texts.get('test-domain.key1_value1.subkey1'),
      '5 per 1 SECOND, fixed_window',
    );
    assert.equal(checked.limits?.texts.get('test-domain.key2_value2'), '30 per 1 MINUTE, fixed_window');
    assert.equal(checked.limits?.texts.has('test-domain.key2_value3'), false, 'a value without a limit');
  });
});
