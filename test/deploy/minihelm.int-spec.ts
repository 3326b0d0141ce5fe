import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { buildMinihelm, runMinihelm } from './support/minihelm';

// tools/minihelm must behave like `helm template` where charts usually go wrong, or the chart
// tests would pass on templates that a real Helm rejects or renders differently.

function writeChart(files: Record<string, string>): string {
  const dir = scratchDir('minihelm-chart');
  mkdirSync(join(dir, 'templates'));
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: probe\nversion: 1.2.3\nappVersion: "4.5"\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('minihelm', () => {
  before(() => buildMinihelm());

  it('reads numbers in values as float64 like Helm, and toYaml prints them as Helm does', () => {
    const chart = writeChart({
      'values.yaml': 'big: 1048576\nsmall: 8080\n',
      'templates/a.yaml': 'raw: "{{ .Values.big }}"\nsmall: {{ .Values.small }}\n{{ toYaml .Values }}\n',
    });
    const { status, stdout } = runMinihelm({ chart });
    assert.equal(status, 0);
    assert.equal(
      stdout,
      '---\n# Source: probe/templates/a.yaml\nraw: "1.048576e+06"\nsmall: 8080\nbig: 1048576\nsmall: 8080\n',
    );
  });

  it("has Helm's object-only fromJson (a list gives an Error entry) and fromJsonArray", () => {
    const chart = writeChart({
      'templates/a.yaml':
        'a: {{ hasKey ("[1]" | fromJson) "Error" }}\nb: {{ index ("[7]" | fromJsonArray) 0 }}\n',
    });
    assert.match(runMinihelm({ chart }).stdout, /a: true\nb: 7\n/);
  });

  it('merges -f files over values.yaml (null deletes a key), then --set with typed values', () => {
    const chart = writeChart({
      'values.yaml': 'm:\n  keep: 1\n  drop: 2\n',
      'over.yaml': 'm:\n  drop: null\n  added: x\n',
      'templates/a.yaml': '{{ toYaml .Values.m }}\nkind: {{ kindOf .Values.n.flag }}\n',
    });
    const { stdout } = runMinihelm({ chart, valuesFiles: ['over.yaml'], sets: ['n.flag=true'] });
    assert.match(stdout, /\nadded: x\nkeep: 1\nkind: bool\n/);
  });

  it('exits 1 naming the template and message when required or fail triggers; NOTES.txt only with --notes', () => {
    const chart = writeChart({
      'templates/a.yaml': '{{ required "x.y is required" .Values.x }}\n',
      'templates/NOTES.txt': 'release {{ .Release.Name }} chart {{ .Chart.Version }}\n',
    });
    const failed = runMinihelm({ chart });
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /^Error: template: probe\/templates\/a\.yaml:1:3: .*x\.y is required\n$/);
    assert.equal(runMinihelm({ chart, notes: true }).stdout, 'release rl chart 1.2.3\n');
  });
});
