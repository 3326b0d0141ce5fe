// "Who is limited": per rule, the values with the most over-limit hits, with the error bound.
import type { LimitedAnswer } from './api-types';
import { byId, el } from './dom';

export function renderLimited(answer: LimitedAnswer): void {
  byId('limited-help').textContent =
    `Top values by over-limit hits over the last ${answer.windowMinutes} minutes ` +
    `(${answer.slotsPerMinute} slots per rule and minute; a count is at most its ± above the true one).`;
  const tables = answer.rules.map((rule) =>
    el(
      'table',
      { 'aria-label': `Limited values of ${rule.ruleStatsKey}` },
      el(
        'caption',
        {},
        `${rule.ruleStatsKey}: ${rule.overLimitHits} over-limit hits (error at most ${rule.errorBound})`,
      ),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, 'Descriptor'),
          el('th', { scope: 'col' }, 'Over-limit hits'),
          el('th', { scope: 'col' }, '±'),
        ),
      ),
      el(
        'tbody',
        {},
        ...rule.top.map((hit) =>
          el(
            'tr',
            { 'aria-label': hit.value },
            el('td', { class: 'value' }, hit.value),
            el('td', { class: 'number' }, hit.count),
            el('td', { class: 'number' }, hit.error),
          ),
        ),
      ),
    ),
  );
  const container = byId('limited');
  container.replaceChildren(...tables);
  if (tables.length === 0) container.replaceChildren(el('p', { class: 'help' }, 'Nobody is being limited.'));
}
