import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created: string[] = [];

/** A fresh temporary folder, removed when the process exits. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `rl-test-${prefix}-`));
  created.push(dir);
  return dir;
}

process.once('exit', () => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});
