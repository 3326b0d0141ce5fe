// Who wants to see decisions (the operator console's heavy hitters, docs/console.md#who-is-limited)
// subscribes here instead of being injected into the decision service. Only over-limit answers are
// reported, and only when someone subscribed, so a within-limit call pays nothing.
import { Injectable } from '@nestjs/common';
import type { DescriptorDecision } from '../limiter/descriptor-decision';
import type { RateLimitRequest } from '../rate-limit-types';

export interface OverLimitObserver {
  /** A decision came out OVER_LIMIT (before global shadow mode rewrites it); `decisions` in descriptor order. */
  onOverLimit(request: RateLimitRequest, decisions: readonly DescriptorDecision[], nowMs: number): void;
}

@Injectable()
export class DecisionObservers {
  private observers: readonly OverLimitObserver[] = [];

  get hasOverLimitObservers(): boolean {
    return this.observers.length > 0;
  }

  subscribe(observer: OverLimitObserver): void {
    this.observers = [...this.observers, observer];
  }

  overLimit(request: RateLimitRequest, decisions: readonly DescriptorDecision[], nowMs: number): void {
    for (const observer of this.observers) observer.onOverLimit(request, decisions, nowMs);
  }
}
