// docs/settings.md is the user's reference: its "Every variable" table must list every variable of
// the schema with its default, every alias the service accepts and its meaning, so the two cannot drift.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { aliasesOf } from './read-variables';
import { VARIABLES } from './settings-schema';

function settingsTableRows(): Map<string, string[]> {
  const manual = readFileSync(join(repoRoot(), 'docs', 'settings.md'), 'utf8');
  const section = manual.slice(
    manual.indexOf('<!-- section:settings -->'),
    manual.indexOf('<!-- /section:settings -->'),
  );
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Za-z0-9_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name !== undefined && cells.length >= 6) rows.set(name, cells.slice(2, 5));
  }
  return rows;
}

describe('docs/settings.md settings table', () => {
  const rows = settingsTableRows();

  it('has a row for every variable of the schema, and no row for an unknown one', () => {
    const names = [...VARIABLES.keys()];
    assert.deepEqual(
      names.filter((name) => !rows.has(name)),
      [],
      'variables missing from the docs table',
    );
    assert.deepEqual(
      [...rows.keys()].filter((name) => !names.includes(name)),
      [],
      'docs rows that are not variables',
    );
  });

  it('shows each default as the schema has it and names every alias', () => {
    for (const [name, variable] of VARIABLES) {
      const [aliases, shownDefault] = rows.get(name) ?? ['', ''];
      if (variable.defaultValue !== undefined && variable.defaultValue !== '') {
        assert.ok(
          shownDefault.includes(`\`${variable.defaultValue}\``),
          `${name}: default ${variable.defaultValue} in "${shownDefault}"`,
        );
      }
      for (const alias of aliasesOf(variable)) {
        assert.ok(aliases.includes(alias), `${name}: alias ${alias} in "${aliases}"`);
      }
    }
  });

  it("gives each variable the schema's meaning (more may follow), compat ones as accepted for compatibility", () => {
    for (const [name, variable] of VARIABLES) {
      const meaning = rows.get(name)?.[2] ?? '';
      assert.ok(meaning.startsWith(variable.doc), `${name}: "${meaning}" starts with "${variable.doc}"`);
      const isCompat = variable.ignoredBecause !== undefined;
      assert.equal(meaning.startsWith('accepted for compatibility'), isCompat, `${name}: ${meaning}`);
    }
  });
});
