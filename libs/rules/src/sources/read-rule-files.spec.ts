import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readRuleFiles, ruleFilesDirectory, type RuleFileLayout } from './read-rule-files';

describe(readRuleFiles.name, () => {
  let root: string;
  const write = (relativePath: string, text = relativePath) => {
    const path = join(root, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const layout = (overrides: Partial<RuleFileLayout>): RuleFileLayout => ({
    runtimeRoot: join(root, 'current'),
    runtimeSubdirectory: 'ratelimit',
    runtimeAppDirectory: 'config',
    ignoreDotFiles: false,
    watchRoot: true,
    ...overrides,
  });
  const keys = async (overrides: Partial<RuleFileLayout>) =>
    (await readRuleFiles(layout(overrides))).map((file) => file.key);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'rules-files-'));
    write('v1/ratelimit/config/basic.yaml', 'domain: basic');
    write('v1/ratelimit/config/notes.txt');
    write('v1/ratelimit/config/.hidden.yaml');
    write('v1/ratelimit/config/..2024_01_01/basic.yaml');
    write('v1/ratelimit/config/nested/deeper.yaml');
    write('v1/ratelimit/config.top.yaml');
    write('v1/ratelimit/other/skipped.yaml');
    symlinkSync(join(root, 'v1'), join(root, 'current'));
    symlinkSync('..2024_01_01', join(root, 'v1/ratelimit/config/..data'));
    symlinkSync('..data/basic.yaml', join(root, 'v1/ratelimit/config/linked.yaml'));
    symlinkSync('missing.yaml', join(root, 'v1/ratelimit/config/dangling.yaml'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a file larger than maxFileBytes, naming the file, its size and the limit', async () => {
    write('sized/rules/config/small.yaml', 'domain: small');
    write('sized/rules/config/large.yaml', `domain: large\n${'#'.repeat(85)}\n`);
    const sized = { runtimeRoot: join(root, 'sized'), runtimeSubdirectory: 'rules', watchRoot: false };
    await assert.rejects(readRuleFiles(layout({ ...sized, maxFileBytes: 99 })), {
      name: 'RuleConfigError',
      message:
        'large.yaml: error reading file: the file is 100 bytes, more than the limit of 99 bytes (RULES_MAX_FILE_BYTES)',
    });
    const files = await readRuleFiles(layout({ ...sized, maxFileBytes: 100 }));
    assert.deepEqual(
      files.map((file) => [file.key, file.text.length]),
      [
        ['large.yaml', 100],
        ['small.yaml', 13],
      ],
    );
  });

  it('watchRoot=true: keys relative to ROOT/SUBDIRECTORY, only those starting with `<appdir>.`', async () => {
    assert.deepEqual(await keys({}), [
      'config...2024_01_01.basic.yaml',
      'config..hidden.yaml',
      'config.basic.yaml',
      'config.linked.yaml',
      'config.nested.deeper.yaml',
      'config.notes.txt',
      'config.top.yaml',
    ]);
  });

  it('watchRoot=false: every file under ROOT/SUBDIRECTORY/APPDIRECTORY, keyed relative to it', async () => {
    assert.deepEqual(await keys({ watchRoot: false }), [
      '..2024_01_01.basic.yaml',
      '.hidden.yaml',
      'basic.yaml',
      'linked.yaml',
      'nested.deeper.yaml',
      'notes.txt',
    ]);
  });

  it('skips dot files and dot directories with ignoreDotFiles', async () => {
    assert.deepEqual(await keys({ watchRoot: false, ignoreDotFiles: true }), [
      'basic.yaml',
      'linked.yaml',
      'nested.deeper.yaml',
      'notes.txt',
    ]);
  });

  it('reads the text through file symlinks', async () => {
    const files = await readRuleFiles(layout({ watchRoot: false, ignoreDotFiles: true }));
    assert.deepEqual(files[0], {
      key: 'basic.yaml',
      path: join(root, 'current/ratelimit/config/basic.yaml'),
      text: 'domain: basic',
    });
    assert.equal(files[1].text, 'v1/ratelimit/config/..2024_01_01/basic.yaml');
  });

  it('loads nothing with an empty RUNTIME_SUBDIRECTORY and watchRoot=true (reference nil loader)', async () => {
    assert.equal(ruleFilesDirectory(layout({ runtimeSubdirectory: '' })), undefined);
    assert.deepEqual(await keys({ runtimeSubdirectory: '' }), []);
  });

  it('walks ROOT/APPDIRECTORY with an empty RUNTIME_SUBDIRECTORY and watchRoot=false', async () => {
    assert.equal(
      ruleFilesDirectory(layout({ runtimeSubdirectory: '', watchRoot: false })),
      join(root, 'current/config'),
    );
    assert.deepEqual(
      await keys({
        runtimeRoot: join(root, 'current/ratelimit'),
        runtimeSubdirectory: '',
        watchRoot: false,
        ignoreDotFiles: true,
      }),
      ['basic.yaml', 'linked.yaml', 'nested.deeper.yaml', 'notes.txt'],
    );
  });

  it('treats a missing directory as no files', async () => {
    assert.deepEqual(await keys({ runtimeRoot: join(root, 'nowhere') }), []);
  });
});
