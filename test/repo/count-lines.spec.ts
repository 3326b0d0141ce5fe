// `npm run lines` (scripts/count-lines.mjs, docs/development.md#size): the figures it prints add
// up, and each group holds the files its name says, tests left out.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

interface Row {
  readonly group: string;
  readonly files: number;
  readonly lines: number;
}

/** The rows the script prints (run as `npm run lines` runs it), below its header line. */
function countLines(): Row[] {
  const script = join(repoRoot(), 'scripts/count-lines.mjs');
  const output = execFileSync(process.execPath, [script], { cwd: repoRoot(), encoding: 'utf8' });
  return output
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [, group, files, lines] = /^(.*?)\s+(\d+)\s+([\d,]+)$/.exec(line) ?? [];
      assert.ok(group, `unexpected line: ${line}`);
      return { group, files: Number(files), lines: Number(lines.replaceAll(',', '')) };
    });
}

describe('npm run lines', () => {
  it('sums the top folders into the service, settings and proto loading being parts of it', () => {
    const rows = countLines();
    const [service, ...parts] = rows;
    const folders = parts.filter((row) => row.group.trim().endsWith('/'));
    assert.equal(service.group, 'rate limit service');
    assert.equal(
      service.files,
      folders.reduce((sum, row) => sum + row.files, 0),
    );
    assert.equal(
      service.lines,
      folders.reduce((sum, row) => sum + row.lines, 0),
    );
    for (const group of ['settings', 'proto loading']) {
      const row = parts.find((part) => part.group.trim() === group);
      assert.ok(row && row.files > 0 && row.lines < service.lines, group);
    }
  });

  it('names the top folders below each package source root, no test folder among them', () => {
    const groups = countLines().map((row) => row.group.trim());
    assert.ok(groups.includes('apps/ratelimit/src/settings/'), groups.join('\n'));
    assert.ok(groups.includes('libs/storage/src/redis/'), groups.join('\n'));
    assert.ok(!groups.some((group) => /\/test\/|spec/.test(group)), groups.join('\n'));
  });
});
