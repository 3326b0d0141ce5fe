// "Check a rules change": posts the YAML and lists the errors (with line and column) or the
// limits the paste would add, remove or change.
import type { CheckAnswer } from './api-types';
import { byId, el } from './dom';

export function setUpCheckForm(): void {
  byId<HTMLFormElement>('check-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void check(byId<HTMLTextAreaElement>('check-yaml').value);
  });
}

async function check(yaml: string): Promise<void> {
  // a content type a cross-site page cannot send without a preflight (docs/console.md)
  const response = await fetch('/console/api/check', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
  });
  if (!response.ok) {
    // e.g. 503 while two checks are running; the previous result stays listed
    const { error } = (await response.json().catch(() => ({}))) as { error?: string };
    byId('check-summary').textContent = error ?? `the check failed (HTTP ${response.status})`;
    return;
  }
  const answer = (await response.json()) as CheckAnswer;
  const firstOf = (count: number, listed: readonly unknown[]) =>
    count > listed.length ? ` (the first ${listed.length} shown)` : '';
  const summary = answer.ok
    ? `No errors; ${answer.changeCount} limit change(s) against the rules in force${firstOf(answer.changeCount, answer.changes)}.`
    : `${answer.errorCount} error(s)${firstOf(answer.errorCount, answer.errors)}.`;
  byId('check-summary').textContent = summary;
  byId('check-errors').replaceChildren(
    ...answer.errors.map((error) =>
      el(
        'li',
        {},
        error.line === null ? error.message : `line ${error.line}, column ${error.column}: ${error.message}`,
      ),
    ),
  );
  byId('check-changes').replaceChildren(
    ...answer.changes.map((change) =>
      el(
        'li',
        {},
        `${change.change} ${change.key}: ${[change.before, change.after].filter((text) => text !== null).join(' → ')}`,
      ),
    ),
  );
}
