// The text of `/rlconfig`: the active rules as the reference prints them, after a `warning:` line
// for each warning of the last load (a rules directory that does not exist loads no rules, so the
// page is otherwise empty and the operator would not know why).
import type { RuleRegistry } from '@repo/rules';

export function rulesDump(registry: Pick<RuleRegistry, 'lastEvent' | 'snapshot'>): string {
  const event = registry.lastEvent;
  const warnings =
    event?.ok === true ? event.warnings.map((warning) => `warning: ${warning}\n`).join('') : '';
  return warnings + (registry.snapshot?.dump() ?? '');
}
