// The manual stays navigable: README.md is the short front door (under 15 KB), every file in docs/
// is reachable from it (directly or through docs/README.md), and no relative link points nowhere.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

const root = repoRoot();
const README_LIMIT_BYTES = 15 * 1024;

/** Relative link targets of a markdown file (outside code fences), without their #fragment. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const targets: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1].split('#')[0];
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    targets.push(normalize(join(dirname(file), target)));
  }
  return targets;
}

const manualFiles = () => [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

describe('the manual', () => {
  it('keeps README.md under 15 KB', () => {
    const size = statSync(join(root, 'README.md')).size;
    assert.ok(size < README_LIMIT_BYTES, `README.md is ${size} bytes`);
  });

  it('starts README.md with the two commands for a fresh machine', () => {
    const firstBlock =
      /```bash\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1] ?? '';
    assert.match(firstBlock, /^npm ci && npm start/m);
    assert.match(firstBlock, /^npm ci && npm test/m);
  });

  it('reaches every docs file from README.md', () => {
    const reached = new Set<string>();
    const queue = [join(root, 'README.md')];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (reached.has(file) || !file.endsWith('.md') || !existsSync(file)) continue;
      reached.add(file);
      queue.push(...relativeLinks(file));
    }
    const unreached = manualFiles().filter((file) => !reached.has(file));
    assert.deepEqual(
      unreached.map((file) => relative(root, file)),
      [],
    );
  });

  it('has no relative link to a missing file', () => {
    const broken = manualFiles().flatMap((file) =>
      relativeLinks(file)
        .filter((target) => !existsSync(target))
        .map((target) => `${relative(root, file)} -> ${relative(root, target)}`),
    );
    assert.deepEqual(broken, []);
  });
});
