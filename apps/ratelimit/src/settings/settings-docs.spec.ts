// docs/settings.md is the user's reference: its "Every variable" table must list every variable of
// the inventory with its default, and every alias the service accepts, so the two cannot drift.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { VARIABLES, aliasesOf, type VariableName } from './settings-inventory';

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

  it('has a row for every variable of the inventory, and no row for an unknown one', () => {
    const names = Object.keys(VARIABLES);
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

  it('shows each default as the inventory has it and names every alias', () => {
    for (const [name, variable] of Object.entries(VARIABLES)) {
      const [aliases, shownDefault] = rows.get(name) ?? ['', ''];
      if (variable.defaultValue !== undefined && variable.defaultValue !== '') {
        assert.ok(
          shownDefault.includes(`\`${variable.defaultValue}\``),
          `${name}: default ${variable.defaultValue} in "${shownDefault}"`,
        );
      }
      for (const alias of aliasesOf(name as VariableName)) {
        assert.ok(aliases.includes(alias), `${name}: alias ${alias} in "${aliases}"`);
      }
    }
  });
});
