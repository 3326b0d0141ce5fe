// The text of `/rlconfig`: the active rules as the reference prints them, after a `warning:` line
// for each warning of the last load (a rules directory that does not exist loads no rules, so the
// page is otherwise empty and the operator would not know why). Sent in pieces (sendLines): a 10 MB
// rules file dumps 120,000 lines.
import type { RuleRegistry } from '@repo/rules';

/** Line by line (each with its newline), made as they are taken. */
export function* rulesDumpLines(registry: Pick<RuleRegistry, 'lastEvent' | 'snapshot'>): Generator<string> {
  const event = registry.lastEvent;
  if (event?.ok === true) for (const warning of event.warnings) yield `warning: ${warning}\n`;
  // the snapshot of the moment asked, even if a load swaps another in while the lines are sent
  const snapshot = registry.snapshot;
  if (snapshot !== undefined) yield* snapshot.dumpLines();
}
