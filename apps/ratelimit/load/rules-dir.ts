// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// A rules directory for one test or benchmark run, laid out as RUNTIME_ROOT/RUNTIME_SUBDIRECTORY/RUNTIME_APPDIRECTORY
// with RUNTIME_WATCH_ROOT=false, plus the settings that point the service at it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '@repo/test-support';

export interface RulesDir {
  /** RUNTIME_* settings for this directory. */
  readonly env: Readonly<Record<string, string>>;
  readonly path: string;
  /** Writes (or replaces atomically, so no reader sees half a file) one rules file. */
  write(name: string, yaml: string): void;
  remove(name: string): void;
}

export function createRulesDir(files: Readonly<Record<string, string>> = {}): RulesDir {
  const root = scratchDir('rules');
  const path = join(root, 'ratelimit', 'config');
  mkdirSync(path, { recursive: true });
  const dir: RulesDir = {
    env: {
      RUNTIME_ROOT: root,
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'config',
      RUNTIME_WATCH_ROOT: 'false',
    },
    path,
    write: (name, yaml) => {
      const temporary = join(root, `.${name}.tmp`);
      writeFileSync(temporary, yaml);
      renameSync(temporary, join(path, name));
    },
    remove: (name) => rmSync(join(path, name), { force: true }),
  };
  for (const [name, yaml] of Object.entries(files)) dir.write(name, yaml);
  return dir;
}
