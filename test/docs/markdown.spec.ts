import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLinks, headingAnchors, slug } from './markdown';

describe('markdown link helpers', () => {
  it('finds links and images outside code, with their line', () => {
    const text = [
      'See [stores](stores.md) and ![shot](playground.png "title").',
      '`[not](a-link.md)` and ``x `[nor](this.md)` y``',
      '```bash',
      'echo [not](fenced.md)',
      '```',
      'A [link over',
      'two lines](settings.md#every-variable).',
    ].join('\n');
    assert.deepEqual(findLinks(text), [
      { target: 'stores.md', line: 1 },
      { target: 'playground.png', line: 1 },
      { target: 'settings.md#every-variable', line: 7 },
    ]);
  });

  it('makes the anchors GitHub makes', () => {
    assert.equal(
      slug("Differences from Envoy's service, on purpose"),
      'differences-from-envoys-service-on-purpose',
    );
    assert.equal(slug('Cardinality cap (`STATS_MAX_KEYS`)'), 'cardinality-cap-stats_max_keys');
    assert.equal(slug('Measured (`npm run bench -- storage`)'), 'measured-npm-run-bench----storage');
    assert.equal(slug('Differences from `@octokit/endpoint`'), 'differences-from-octokitendpoint');
    assert.equal(slug('[Rule files](rules.md)'), 'rule-files');
  });

  it('numbers repeated headings and ignores headings in code blocks', () => {
    const text = ['# Title', '## Run it', '```sh', '# not a heading', '```', '## Run it'].join('\n');
    assert.deepEqual([...headingAnchors(text)], ['title', 'run-it', 'run-it-1']);
  });
});
