// The repository explains itself: whoever clones it has none of the documents it was written from
// (a product specification with numbered sections and decisions, house notes, the tracker's
// issues), so no tracked file may point at them. A comment says its reason in place or links a
// docs/ anchor, and such a link must lead to a heading that exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { headingAnchors } from '../docs/markdown';

const root = repoRoot();
/** Generated, and full of other projects' text. */
const SKIPPED = new Set(['package-lock.json']);

interface OutsideReference {
  readonly kind: string;
  readonly pattern: RegExp;
}

/**
 * What points outside the repository. The patterns are written so that this file does not match
 * them itself (it is scanned like every other file).
 */
export const OUTSIDE_REFERENCES: readonly OutsideReference[] = [
  { kind: 'the shared folder', pattern: /\.\.\/shared\b|\bshared\/(?:spec|seeds|style|toolchain)\b/ },
  { kind: 'a section sign', pattern: /\u00a7/ },
  { kind: 'a part of the specification', pattern: /\bspec\sPart\b|\bPart [AB](?:\b|\d)/ },
  {
    kind: 'the specification',
    pattern: /\bspec\s[A-C]\d|[(]spec(?::|$)|\bthe\sspec(?=[\s:,]|$)(?! (?:files?|suites?)\b)/i,
  },
  { kind: 'a numbered product decision', pattern: /(?<![\w%./#-])A[1-9](?![\w-]|\.\w)/ },
  { kind: 'an appendix', pattern: /\bAppendix [A-C]\b/ },
  { kind: 'a house note', pattern: /\b(?:toolchain|style)\.md\b/ },
  { kind: 'the requirements document', pattern: /\buser(?:'s|s')?\sdocument\b/i },
  { kind: 'a tracker issue', pattern: /\bissues?\s#?\d+|[(]#\d+[)]/i },
  { kind: "a tracker issue's goal", pattern: /\bgoal\s\d+\b/i },
];

/** `line: text (kinds)` for every line of `text` that points outside the repository. */
export function outsideReferences(text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, index) => {
    const kinds = OUTSIDE_REFERENCES.filter(({ pattern }) => pattern.test(line)).map(({ kind }) => kind);
    if (kinds.length > 0) hits.push(`${index + 1}: ${line.trim().slice(0, 120)} (${kinds.join(', ')})`);
  });
  return hits;
}

/** Tracked text files, relative to the root (binary files have a NUL byte). */
function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return paths
    .filter((path) => path !== '' && !SKIPPED.has(path) && existsSync(join(root, path)))
    .map((path) => ({ path, bytes: readFileSync(join(root, path)) }))
    .filter(({ bytes }) => !bytes.includes(0))
    .map(({ path, bytes }) => ({ path, text: bytes.toString('utf8') }));
}

/** `docs/<file>.md#<anchor>` links written outside the manual (the manual's own are checked by test/docs). */
function docsAnchorLinks(text: string): { line: number; file: string; anchor: string }[] {
  const links: { line: number; file: string; anchor: string }[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bdocs\/([\w-]+\.md)#([\w-]+)/g)) {
      links.push({ line: index + 1, file: match[1], anchor: match[2] });
    }
  });
  return links;
}

/** Splits on `|` so that the examples below do not match the patterns in this file itself. */
const unsplit = (text: string) => text.replaceAll('|', '');

describe('the repository explains itself', () => {
  const files = trackedTextFiles();

  it('scans the tracked text files', () => {
    const paths = files.map((file) => file.path);
    assert.ok(paths.includes('README.md') && paths.includes('apps/ratelimit/src/main.ts'), 'git ls-files');
    assert.ok(!paths.includes('docs/playground.png'), 'binary files are skipped');
  });

  it('has no reference to a document outside the repository', () => {
    const hits = files.flatMap(({ path, text }) => outsideReferences(text).map((hit) => `${path}:${hit}`));
    assert.deepEqual(hits, []);
  });

  it('links only docs/ headings that exist', () => {
    const broken = files.flatMap(({ path, text }) =>
      path.endsWith('.md')
        ? []
        : docsAnchorLinks(text).flatMap(({ line, file, anchor }) => {
            const doc = join(root, 'docs', file);
            const isFound = existsSync(doc) && headingAnchors(readFileSync(doc, 'utf8')).has(anchor);
            return isFound ? [] : [`${path}:${line} -> docs/${file}#${anchor}`];
          }),
    );
    assert.deepEqual(broken, []);
  });

  describe(outsideReferences.name, () => {
    it('finds each kind of outside reference, with its line', () => {
      const examples: [string, string][] = [
        ['see `..|/sha|red/sp|ec/ratelimit.md`', 'the shared folder'],
        ['as shared|/spec says', 'the shared folder'],
        [`the ${String.fromCharCode(0xa7)}2.9 worked examples`, 'a section sign'],
        ['spec Pa|rt A, decision 8', 'a part of the specification'],
        ['Part| A.2: lowercase', 'a part of the specification'],
        ['(sp|ec A|8: sliding windows)', 'the specification, a numbered product decision'],
        ['the sp|ec message', 'the specification'],
        ['(sp|ec: within 10 s)', 'the specification'],
        ['opt-in (A|4)', 'a numbered product decision'],
        ['A|3/A|6 units', 'a numbered product decision'],
        ['Appendi|x C', 'an appendix'],
        ['tool|chain.md pitfall 9', 'a house note'],
        ['../|sty|le.md rule', 'a house note'],
        ["the user|'s document", 'the requirements document'],
        ['user docu|ment 4.4', 'the requirements document'],
        ['iss|ue 19, item 2', 'a tracker issue'],
        ['Iss|ue #808', 'a tracker issue'],
        ['the mark is kept per limit (|#1077)', 'a tracker issue'],
        ['goa|l 1 is met', "a tracker issue's goal"],
      ];
      for (const [example, kinds] of examples) {
        const line = unsplit(example);
        assert.deepEqual(outsideReferences(`first line\n${line}`), [`2: ${line} (${kinds})`]);
      }
    });

    it('leaves legitimate text alone', () => {
      const legitimate = [
        'percent-encoded: %C3%A9 and 0xA9',
        'B3 (single and multi header) and baggage propagators',
        'if (issues.length > before) return;',
        'a Redis key (envoyproxy/ratelimit#367), an envoy PR #37494',
        'fill="#444" and a "#1" in a body',
        'import type { TemplatePart } from "./compiled-template";',
        'the spec files excluded; *.e2e-spec.ts; (spec files excluded)',
        'the style.css of the page; A10 and AB1 are not decisions',
        'the user documents their settings',
        'our goal: at least 2x',
        'if (spec === undefined) return; /\\.(spec|int-spec)\\.ts$/',
      ];
      assert.deepEqual(
        legitimate.flatMap((line) => outsideReferences(line)),
        [],
      );
    });
  });
});
