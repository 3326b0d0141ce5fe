// "Rules in force": where the rules come from, how the last loads ended, one tree per domain.
import type { LimitDescription, LoadRecord, RuleNodeDescription, RulesAnswer } from './api-types';
import { byId, el, formatTime } from './dom';

export function renderRules(answer: RulesAnswer): void {
  renderLoads(answer);
  const tree = byId('rules-tree');
  tree.replaceChildren(
    ...answer.domains.map((domain) =>
      el(
        'details',
        { open: '', 'aria-label': `domain ${domain.domain}` },
        el(
          'summary',
          {},
          el('span', { class: 'entry' }, `domain: ${domain.domain}`),
          ` from ${domain.sources.join(', ')}`,
        ),
        el('ul', { class: 'tree' }, ...domain.descriptors.map(renderNode)),
      ),
    ),
  );
  if (answer.domains.length === 0) tree.replaceChildren(el('p', { class: 'help' }, 'No rules are loaded.'));
  if (answer.descriptorCount > answer.maxDescriptors)
    tree.prepend(
      el(
        'p',
        { class: 'help', id: 'rules-cut' },
        `Showing the first ${answer.maxDescriptors} of ${answer.descriptorCount} descriptors; /rlconfig lists every limit.`,
      ),
    );
}

function renderLoads({ pid, origin, lastAttempt, lastSuccess, lastFailure }: RulesAnswer): void {
  const rows: [string, string][] = [
    ['Source', origin],
    ['Process', String(pid)],
  ];
  if (lastAttempt !== null) rows.push(['Last load', describeLoad(lastAttempt)]);
  // after a failed load: the load whose rules are still in force
  if (lastSuccess !== null && lastAttempt?.ok === false)
    rows.push(['Last good load', describeLoad(lastSuccess)]);
  byId('loads').replaceChildren(...rows.flatMap(([term, text]) => [el('dt', {}, term), el('dd', {}, text)]));
  const error = byId('load-error');
  const isFailing = lastFailure !== null && (lastSuccess === null || lastFailure.atMs >= lastSuccess.atMs);
  error.hidden = !isFailing;
  error.textContent = isFailing
    ? `The last load failed at ${formatTime(lastFailure.atMs)}; the rules below stay in force. ${lastFailure.error ?? ''}`
    : '';
}

function describeLoad(load: LoadRecord): string {
  const when = formatTime(load.atMs);
  if (!load.ok) return `failed at ${when}: ${load.error ?? ''}`;
  const version = load.version === undefined ? '' : `, xDS version ${JSON.stringify(load.version)}`;
  const warnings = load.warnings?.length ? `; ${load.warnings.join('; ')}` : '';
  return `ok at ${when}: ${load.domainCount} domain(s) from ${load.configCount} source(s)${version}${warnings}`;
}

function renderNode(node: RuleNodeDescription): HTMLElement {
  const entry = node.value === null ? `${node.key} (any value)` : `${node.key} = ${node.value}`;
  return el(
    'li',
    { 'data-stats-key': node.statsKey },
    el('span', { class: 'entry' }, entry),
    node.valueToMetric && badge('value_to_metric'),
    node.shareThreshold && badge('share_threshold'),
    ...node.limits.map((limit) => el('div', { class: 'limit' }, limitText(limit), ...limitBadges(limit))),
    node.children.length > 0 && el('ul', { class: 'tree' }, ...node.children.map(renderNode)),
  );
}

export function limitText(limit: LimitDescription): string {
  if (limit.unlimited) return 'unlimited';
  const window = limit.unitMultiplier === 1 ? limit.unit : `${limit.unitMultiplier} × ${limit.unit}`;
  const label = limit.itemLabel === null ? '' : `${limit.itemLabel}: `;
  const burst = limit.algorithm === 'token_bucket' ? `, burst ${limit.burst}` : '';
  return `${label}${limit.requestsPerUnit} per ${window} (${limit.algorithm}${burst})`;
}

function limitBadges(limit: LimitDescription): HTMLElement[] {
  const badges: HTMLElement[] = [];
  if (limit.counting === 'cached') badges.push(badge('counting: cached'));
  if (limit.name !== null) badges.push(badge(`name ${limit.name}`));
  if (limit.replaces.length > 0) badges.push(badge(`replaces ${limit.replaces.join(', ')}`));
  if (limit.shadowMode) badges.push(badge('shadow mode'));
  if (limit.quotaMode) badges.push(badge('quota mode'));
  if (limit.detailedMetric) badges.push(badge('detailed metric'));
  return badges;
}

function badge(text: string): HTMLElement {
  return el('span', { class: 'badge' }, text);
}
