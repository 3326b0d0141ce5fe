// When and how the rule loads ended, for the console's "Rules in force": the last attempt, the
// last success and the last failure (whose error stays on show while the good rules stay).
// Subscribes when created, which Nest does before any module starts loading rules.
import type { RuleLoadEvent, RuleRegistry } from '@repo/rules';

export interface RuleLoadRecord {
  readonly ok: boolean;
  /** Epoch milliseconds. */
  readonly atMs: number;
  /** The error text of a failed load. */
  readonly error?: string;
  /** The xDS version of a successful load from xDS. */
  readonly version?: string;
  readonly domainCount?: number;
  readonly configCount?: number;
  readonly warnings?: readonly string[];
}

export class RuleLoadHistory {
  lastAttempt: RuleLoadRecord | undefined;
  lastSuccess: RuleLoadRecord | undefined;
  lastFailure: RuleLoadRecord | undefined;
  /** Loads ended so far, successful or not: a page asks for the rules again when it moves. */
  count = 0;

  constructor(
    registry: Pick<RuleRegistry, 'subscribe' | 'lastEvent'>,
    private readonly nowMs: () => number,
  ) {
    if (registry.lastEvent !== undefined) this.record(registry.lastEvent);
    registry.subscribe((event) => this.record(event));
  }

  private record(event: RuleLoadEvent): void {
    const atMs = this.nowMs();
    this.count++;
    if (event.ok) {
      const { domainCount, configCount, warnings, version } = event;
      this.lastAttempt = this.lastSuccess = {
        ok: true,
        atMs,
        domainCount,
        configCount,
        warnings,
        ...(version === undefined ? {} : { version }),
      };
    } else {
      this.lastAttempt = this.lastFailure = { ok: false, atMs, error: event.message };
    }
  }
}
