// Every setting is read by something, or is marked accepted for compatibility (`compat`) and
// logged as ignored when set: a user who tunes a variable must change something. Read means: a
// variable is a field of Settings, the condition of a `when` group, or an input its `derived`
// function uses; and every field of Settings is named by code of the service outside settings/,
// the libraries included (the groups shaped as a library's options are read there, by the same
// names; a field nothing names is built for nobody, as KV_POOL_SIZE's poolSize once was).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import type { Derived, Setting, When } from './setting';
import { ignoredSettings, parseSettings } from './settings';
import { SCHEMA, VARIABLES } from './settings-schema';

interface Use {
  readonly field: string;
  readonly variable: string;
}

/** Where each variable goes: `path.to.field` for a field, `path(derive)` when only derived from. */
function usesOf(node: unknown, path: string, uses: Use[] = []): Use[] {
  const kind = (node as { kind?: string }).kind;
  if (kind === 'setting') {
    const setting = node as Setting;
    if (setting.ignoredBecause === undefined) uses.push({ field: path, variable: setting.name });
  } else if (kind === 'when') {
    uses.push({ field: `${path}(when)`, variable: (node as When).condition.name });
    usesOf((node as When).then, path, uses);
  } else if (kind === 'derived') {
    const { inputs, derive } = node as Derived;
    for (const [key, input] of Object.entries(inputs)) {
      if (new RegExp(`\\b${key}\\b`).test(derive.toString())) {
        uses.push({ field: `${path}(derive)`, variable: input.name });
      }
    }
  } else {
    for (const [key, child] of Object.entries(node as object))
      usesOf(child, path ? `${path}.${key}` : key, uses);
  }
  return uses;
}

function serviceSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'settings' ? [] : serviceSources(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('spec') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('every setting is read by something', () => {
  const uses = usesOf(SCHEMA, '');

  it('places each variable not marked compat as a field, a condition or a used input', () => {
    const used = new Set(uses.map((use) => use.variable));
    const unread = [...VARIABLES.values()].filter(
      (setting) => setting.ignoredBecause === undefined && !used.has(setting.name),
    );
    assert.deepEqual(
      unread.map((setting) => setting.name),
      [],
      'read these, or mark them compat(...)',
    );
  });

  it('has every field of Settings named by the service outside settings/', () => {
    const folders = [
      join('apps', 'ratelimit', 'src'),
      join('libs', 'rules', 'src'),
      join('libs', 'storage', 'src'),
    ];
    const code = folders.flatMap((folder) => serviceSources(join(repoRoot(), folder))).join('\n');
    const fields = uses.map(
      (use) =>
        use.field
          .replace(/\(.*\)$/, '')
          .split('.')
          .at(-1) ?? '',
    );
    const unnamed = [...new Set(fields)].filter((field) => !new RegExp(`\\b${field}\\b`).test(code));
    assert.deepEqual(unnamed, [], 'fields nothing reads: read them or mark their variables compat(...)');
  });

  it('keeps compat variables out of Settings', () => {
    const settings = parseSettings({ KV_URL: 'r:1', KV_PERSECOND: 'true' });
    assert.equal('poolSize' in settings.backend.redis.main, false);
    assert.equal('clusterPipelineParallelism' in (settings.backend.redis.perSecond ?? {}), false);
    assert.equal('connectRetryIntervalMs' in settings.config.xds, false);
  });
});

describe(ignoredSettings.name, () => {
  it('says nothing when no compat variable is set', () => {
    assert.deepEqual(ignoredSettings({ KV_URL: 'r:1', KV_TIMEOUT: '1s', KV_POOL_SIZE: '' }), []);
  });

  it('gives one line per compat variable set, under the name the user set', () => {
    assert.deepEqual(
      ignoredSettings({
        REDIS_POOL_SIZE: '20',
        KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM: '4',
        CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL: '1s',
      }),
      [
        'CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL=1s: accepted for compatibility and ignored: a failed connection is a failed stream, retried after the XDS_CLIENT_BACKOFF_* wait (docs/xds.md)',
        'REDIS_POOL_SIZE=20: accepted for compatibility and ignored: one connection per store carries every command, batched per event-loop turn (docs/stores.md#connections-per-store)',
        'KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM=4: accepted for compatibility and ignored: one connection per store carries every command, batched per event-loop turn (docs/stores.md#connections-per-store)',
      ],
    );
  });

  it('still validates a compat variable (a bad value stops the start)', () => {
    assert.throws(() => parseSettings({ KV_POOL_SIZE: '0' }), /KV_POOL_SIZE=0: must be >= 1/);
  });
});
