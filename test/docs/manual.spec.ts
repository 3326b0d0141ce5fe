// The manual stays navigable: README.md is the short front door (under 15 KB), every file in docs/
// is reachable from it (directly or through docs/README.md), and no relative link points nowhere:
// not to a missing file, nor (`file.md#anchor`, `#anchor`) to a heading the file does not have.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { findLinks, headingAnchors } from './markdown';

const root = repoRoot();
const README_LIMIT_BYTES = 15 * 1024;

interface RelativeLink {
  readonly line: number;
  /** The linked file (the linking file itself for `#anchor`). */
  readonly file: string;
  readonly anchor: string | undefined;
}

/** Relative links of a markdown file, outside code blocks and code spans. */
function relativeLinks(file: string): RelativeLink[] {
  const links: RelativeLink[] = [];
  for (const { target, line } of findLinks(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const [path, anchor] = target.split('#', 2);
    const linked = path === '' ? file : normalize(join(dirname(file), decodeURI(path)));
    links.push({ line, file: linked, anchor: anchor || undefined });
  }
  return links;
}

/** Why a link points nowhere, or undefined when it leads somewhere. */
function brokenBecause(link: RelativeLink): string | undefined {
  if (!existsSync(link.file)) return 'no such file';
  if (link.anchor === undefined || extname(link.file) !== '.md') return undefined;
  return headingAnchors(readFileSync(link.file, 'utf8')).has(link.anchor) ? undefined : 'no such heading';
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
      queue.push(...relativeLinks(file).map((link) => link.file));
    }
    const unreached = manualFiles().filter((file) => !reached.has(file));
    assert.deepEqual(
      unreached.map((file) => relative(root, file)),
      [],
    );
  });

  it('has no relative link to a missing file or heading', () => {
    const broken = manualFiles().flatMap((file) =>
      relativeLinks(file).flatMap((link) => {
        const reason = brokenBecause(link);
        const target = relative(root, link.file) + (link.anchor === undefined ? '' : `#${link.anchor}`);
        return reason === undefined ? [] : [`${relative(root, file)}:${link.line} -> ${target} (${reason})`];
      }),
    );
    assert.deepEqual(broken, []);
  });
});
