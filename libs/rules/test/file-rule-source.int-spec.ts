// Real filesystem + real watchers: reloads on write/create/chmod/remove (watchRoot=false), on a
// symlink swap of RUNTIME_ROOT (watchRoot=true) and on a Kubernetes ConfigMap update; a bad file
// keeps the last good rules and reports the error. Waits poll with a deadline.
import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir, waitFor } from '@repo/test-support';
import { RuleRegistry, type RuleLoadEvent } from '../src/rule-registry';
import {
  FileRuleSource,
  FIRST_LOAD_IN_PROCESS_MAX_BYTES,
  missingDirectoryWarning,
  type FileRuleSourceOptions,
} from '../src/sources/file-rule-source';

const rules = (domain: string, limit: number) =>
  `domain: ${domain}\ndescriptors:\n  - key: k\n    rate_limit:\n      unit: minute\n      requests_per_unit: ${limit}\n`;

interface Harness {
  readonly registry: RuleRegistry;
  readonly events: RuleLoadEvent[];
  limitOf(domain: string): number | undefined;
  waitUntil(description: string, predicate: () => boolean): Promise<void>;
}

const running: RuleRegistry[] = [];

async function startRegistry(options: Omit<FileRuleSourceOptions, 'debounceMs'>): Promise<Harness> {
  const registry = new RuleRegistry(new FileRuleSource({ ...options, debounceMs: 30 }), {
    mergeDomainConfigs: false,
  });
  const events: RuleLoadEvent[] = [];
  registry.subscribe((event) => events.push(event));
  running.push(registry);
  await registry.start();
  return {
    registry,
    events,
    limitOf: (domain) =>
      registry.snapshot?.findLimit(domain, { entries: [{ key: 'k', value: 'v' }] })?.rule.requestsPerUnit,
    waitUntil: async (description, predicate) => {
      await waitFor(() => predicate(), { timeoutMs: 10_000, intervalMs: 20, description });
    },
  };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((registry) => registry.stop()));
});

/** A new rules directory `<root>/ratelimit/config` and its layout (RUNTIME_WATCH_ROOT=false). */
function layout(name = 'rules-dir') {
  const root = scratchDir(name);
  const dir = join(root, 'ratelimit', 'config');
  mkdirSync(dir, { recursive: true });
  const options = {
    runtimeRoot: root,
    runtimeSubdirectory: 'ratelimit',
    runtimeAppDirectory: 'config',
    ignoreDotFiles: false,
    watchRoot: false,
  };
  return { dir, options };
}

describe(`${FileRuleSource.name} (RUNTIME_WATCH_ROOT=false)`, () => {
  it('loads on start, then reloads on create, in-place edit and remove', async () => {
    const { dir, options } = layout();
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    const sut = await startRegistry(options);
    assert.equal(sut.limitOf('a'), 1);
    assert.deepEqual(
      sut.events.map((event) => event.ok && event.configCount),
      [1],
    );

    writeFileSync(join(dir, 'b.yaml'), rules('b', 2));
    await sut.waitUntil('file b loaded', () => sut.limitOf('b') === 2);
    writeFileSync(join(dir, 'a.yaml'), rules('a', 10));
    await sut.waitUntil('file a edited in place', () => sut.limitOf('a') === 10);
    unlinkSync(join(dir, 'b.yaml'));
    await sut.waitUntil('file b removed', () => sut.registry.snapshot?.hasDomain('b') === false);
    assert.deepEqual(sut.registry.snapshot?.domains, ['a']);
  });

  it('reloads on chmod', async () => {
    const { dir, options } = layout();
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    const sut = await startRegistry(options);
    chmodSync(join(dir, 'a.yaml'), 0o600);
    await sut.waitUntil('a reload after chmod', () => sut.events.length >= 2);
  });

  it('keeps the last good rules when a bad file appears, and reports the error', async () => {
    const { dir, options } = layout();
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    const sut = await startRegistry(options);
    writeFileSync(join(dir, 'bad.yaml'), rules('c', 3).replace('minute', 'fortnight'));
    await sut.waitUntil('the load error', () => sut.events.some((event) => !event.ok));
    const failure = sut.events.find((event) => !event.ok);
    assert.equal(
      failure?.ok === false && failure.message,
      "bad.yaml: invalid rate limit unit 'fortnight' (line 5, column 7)",
    );
    assert.equal(sut.limitOf('a'), 1);
    assert.equal(sut.registry.snapshot?.hasDomain('c'), false);

    writeFileSync(join(dir, 'bad.yaml'), rules('c', 3));
    await sut.waitUntil('the fixed file', () => sut.limitOf('c') === 3);
  });

  it('keeps the last good rules when the directory is deleted, and reloads once it is back', async () => {
    const { dir, options } = layout();
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    const sut = await startRegistry(options);
    rmSync(dir, { recursive: true });
    await sut.waitUntil('the load error', () => sut.events.some((event) => !event.ok));
    const failure = sut.events.find((event) => !event.ok);
    assert.equal(
      failure?.ok === false && failure.message,
      `${dir}: the rules directory is missing; the rules loaded before stay in force`,
    );
    assert.equal(sut.limitOf('a'), 1);

    mkdirSync(dir);
    writeFileSync(join(dir, 'b.yaml'), rules('b', 2));
    await sut.waitUntil('the restored directory', () => sut.limitOf('b') === 2);
    assert.deepEqual(sut.registry.snapshot?.domains, ['b']);
  });

  it('names a rules directory that does not exist in a warning, loads no rules, and loads once it appears', async () => {
    const { dir, options } = layout();
    rmSync(dir, { recursive: true });
    const sut = await startRegistry(options);
    const [first] = sut.events;
    assert.deepEqual(first?.ok && first.warnings, [missingDirectoryWarning(dir)]);
    assert.equal(
      missingDirectoryWarning(dir),
      `rules directory ${dir} does not exist: no rules are loaded, every request is allowed`,
    );
    assert.deepEqual(sut.registry.snapshot?.domains, []);

    mkdirSync(dir);
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    await sut.waitUntil('the new directory', () => sut.limitOf('a') === 1);
    const last = sut.events.at(-1);
    assert.deepEqual(last?.ok && last.warnings, []);
  });

  it('names RUNTIME_ROOT when it does not exist (the default path on a laptop)', async () => {
    const { options } = layout();
    const root = join(options.runtimeRoot, 'nonexistent');
    const sut = await startRegistry({ ...options, runtimeRoot: root });
    const [first] = sut.events;
    assert.deepEqual(first?.ok && first.warnings, [missingDirectoryWarning(root)]);
  });

  it('follows a Kubernetes ConfigMap update; dot directories are skipped with ignoreDotFiles', async () => {
    const { dir, options } = layout();
    mkdirSync(join(dir, '..2024_01_01'));
    writeFileSync(join(dir, '..2024_01_01', 'a.yaml'), rules('a', 1));
    symlinkSync('..2024_01_01', join(dir, '..data'));
    symlinkSync(join('..data', 'a.yaml'), join(dir, 'a.yaml'));
    const sut = await startRegistry({ ...options, ignoreDotFiles: true });
    assert.equal(sut.limitOf('a'), 1);

    // kubelet: write a new timestamped directory, then swap `..data` atomically.
    mkdirSync(join(dir, '..2024_01_02'));
    writeFileSync(join(dir, '..2024_01_02', 'a.yaml'), rules('a', 2));
    symlinkSync('..2024_01_02', join(dir, '..data_tmp'));
    renameSync(join(dir, '..data_tmp'), join(dir, '..data'));
    rmSync(join(dir, '..2024_01_01'), { recursive: true });
    await sut.waitUntil('the new ConfigMap content', () => sut.limitOf('a') === 2);
    assert.ok(sut.events.every((event) => event.ok));
  });

  it('loads the timestamped copy too without ignoreDotFiles (duplicate domain, envoyproxy/ratelimit#367)', async () => {
    const { dir, options } = layout();
    mkdirSync(join(dir, '..2024_01_01'));
    writeFileSync(join(dir, '..2024_01_01', 'a.yaml'), rules('a', 1));
    symlinkSync(join('..2024_01_01', 'a.yaml'), join(dir, 'a.yaml'));
    const sut = await startRegistry(options);
    const [first] = sut.events;
    assert.equal(
      first.ok === false && first.message,
      "a.yaml: duplicate domain 'a' in config file (line 1, column 9)",
    );
    assert.equal(sut.registry.snapshot, undefined);
  });
});

describe(`${FileRuleSource.name} (RUNTIME_WATCH_ROOT=true)`, () => {
  it('reloads when the RUNTIME_ROOT symlink is swapped', async () => {
    const base = scratchDir('rules-root');
    for (const [version, limit] of [
      ['v1', 1],
      ['v2', 2],
    ] as const) {
      mkdirSync(join(base, version, 'ratelimit', 'config'), { recursive: true });
      writeFileSync(join(base, version, 'ratelimit', 'config', 'a.yaml'), rules('a', limit));
      writeFileSync(join(base, version, 'ratelimit', 'ignored.yaml'), rules('ignored', limit));
    }
    symlinkSync(join(base, 'v1'), join(base, 'current'));
    const sut = await startRegistry({
      runtimeRoot: join(base, 'current'),
      runtimeSubdirectory: 'ratelimit',
      runtimeAppDirectory: 'config',
      ignoreDotFiles: false,
      watchRoot: true,
    });
    assert.equal(sut.limitOf('a'), 1);
    assert.deepEqual(sut.registry.snapshot?.domains, ['a']);

    symlinkSync(join(base, 'v2'), join(base, 'current.tmp'));
    renameSync(join(base, 'current.tmp'), join(base, 'current'));
    await sut.waitUntil('the swapped rules', () => sut.limitOf('a') === 2);
  });

  it('reloads on demand (SIGHUP) even without file events', async () => {
    const base = scratchDir('rules-sighup');
    mkdirSync(join(base, 'root', 'ratelimit', 'config'), { recursive: true });
    const file = join(base, 'root', 'ratelimit', 'config', 'a.yaml');
    writeFileSync(file, rules('a', 1));
    const sut = await startRegistry({
      runtimeRoot: join(base, 'root'),
      runtimeSubdirectory: 'ratelimit',
      runtimeAppDirectory: 'config',
      ignoreDotFiles: false,
      watchRoot: true,
    });
    writeFileSync(file, rules('a', 5));
    sut.registry.reload();
    await sut.waitUntil('the reloaded rules', () => sut.limitOf('a') === 5);
  });
});

describe(`${FileRuleSource.name} with a compiling worker`, () => {
  const compileOptions = { mergeDomainConfigs: false };
  const workerLayout = (name: string) => {
    const { dir, options } = layout(name);
    return { dir, options: { ...options, debounceMs: 30 } };
  };
  /** Starts the source; resolves to what each load delivered: 'here' (raw configs) or 'worker'. */
  async function deliveries(sut: FileRuleSource): Promise<string[]> {
    const seen: string[] = [];
    await sut.start(
      (set) => void seen.push(Array.isArray(set) ? 'here' : 'worker'),
      (error) => void seen.push(`error: ${error.message}`),
    );
    return seen;
  }

  it('parses a small first set here when it is awaited before serving, and every reload in the worker', async () => {
    const { dir, options } = workerLayout('rules-first-here');
    writeFileSync(join(dir, 'a.yaml'), rules('a', 1));
    const sut = new FileRuleSource(options, compileOptions, true);
    try {
      const seen = await deliveries(sut);
      assert.deepEqual(seen, ['here']);
      writeFileSync(join(dir, 'a.yaml'), rules('a', 2));
      await waitFor(() => seen.length === 2, { timeoutMs: 10_000, intervalMs: 20, description: 'a reload' });
      assert.deepEqual(seen, ['here', 'worker']);
    } finally {
      await sut.stop();
    }
  });

  it('sends a first set larger than FIRST_LOAD_IN_PROCESS_MAX_BYTES, or one not awaited, to the worker', async () => {
    const { dir, options } = workerLayout('rules-first-worker');
    const descriptors = Math.ceil(FIRST_LOAD_IN_PROCESS_MAX_BYTES / 60) + 1;
    const lines = Array.from(
      { length: descriptors },
      (_, i) => `  - {key: k${i}, rate_limit: {unit: minute, requests_per_unit: 1}}`,
    );
    writeFileSync(join(dir, 'big.yaml'), `domain: big\ndescriptors:\n${lines.join('\n')}\n`);
    const large = new FileRuleSource(options, compileOptions, true);
    try {
      assert.deepEqual(await deliveries(large), ['worker']);
    } finally {
      await large.stop();
    }
    writeFileSync(join(dir, 'big.yaml'), rules('small', 1));
    const notAwaited = new FileRuleSource(options, compileOptions, false);
    try {
      assert.deepEqual(await deliveries(notAwaited), ['worker']);
    } finally {
      await notAwaited.stop();
    }
  });
});
