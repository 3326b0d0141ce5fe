// ShouldRateLimit, transport-free (docs/decisions.md): validate -> match every descriptor against the
// active rules -> unlimited / replaces -> count the hits in the store (one round trip) -> one
// status per descriptor -> overall code, headers, dynamic metadata. Plain async/await: this is
// the hot path: no RxJS, no per-call closures, clients or regexes.
import { Inject, Injectable } from '@nestjs/common';
import { RULE_REGISTRY, resolveLimitsToCheck, type MatchedLimit, type RuleRegistry } from '@repo/rules';
import { StoreUnavailableError } from '@repo/storage';
import { CLOCK, type Clock } from '../clock';
import { NoConfigLoadedError, RateLimitError } from '../errors';
import { algorithmOf } from '../limiter/algorithms/counter-algorithms';
import {
  countTotalHits,
  countedLimit,
  type CountedLimit,
  type DescriptorDecision,
} from '../limiter/descriptor-decision';
import type { HitCounter } from '../limiter/hit-counter';
import { judgeLimits } from '../limiter/judge-limits';
import type { StatsService } from '../stats/stats.service';
import { TRACER_HOLDER, type TracerHolder } from '../tracing/tracer-holder';
import { startExecutionSpan } from '../tracing/trace-spans';
import { buildCacheKeyBase } from '@repo/storage';
import { buildDynamicMetadata } from './build-dynamic-metadata';
import { buildResponseHeaders, selectHeaderStatus } from './build-response-headers';
import { DecisionObservers } from './decision-observers';
import { overallCode } from './overall-code';
import {
  UNLIMITED_REMAINING,
  type DescriptorStatus,
  type RateLimitDecision,
  type RateLimitRequest,
} from '../rate-limit-types';
import { STATS } from '../core-tokens';
import { HIT_COUNTER, RATE_LIMIT_OPTIONS, type RateLimitOptions } from './ratelimit-options';
import { validateRequest } from './validate-request';

const NO_LIMIT: DescriptorStatus = Object.freeze({ code: 'OK', limitRemaining: 0 });
const UNLIMITED: DescriptorStatus = Object.freeze({ code: 'OK', limitRemaining: UNLIMITED_REMAINING });
const NO_HEADERS = Object.freeze([]);

@Injectable()
export class RateLimitService {
  constructor(
    @Inject(RULE_REGISTRY) private readonly registry: RuleRegistry,
    @Inject(HIT_COUNTER) private readonly counter: HitCounter,
    @Inject(STATS) private readonly stats: StatsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RATE_LIMIT_OPTIONS) private readonly options: RateLimitOptions,
    @Inject(TRACER_HOLDER) private readonly tracing: TracerHolder,
    private readonly observers: DecisionObservers,
  ) {}

  /**
   * The one `async` step of a decision: everything before the store's answer and everything after
   * it is synchronous, because every `async` helper that only passes a promise through costs one
   * more promise and microtask per call.
   */
  async shouldRateLimit(request: RateLimitRequest): Promise<RateLimitDecision> {
    const tracer = this.tracing.tracer; // undefined unless TRACING_ENABLED
    const span = tracer === undefined ? undefined : startExecutionSpan(tracer, request);
    try {
      validateRequest(request);
      const nowMs = this.clock.nowMs();
      const decisions = this.matchLimits(request);
      const batch = this.collectHits(request, decisions, Math.floor(nowMs / 1000));
      if (batch.length > 0) {
        await this.counter.count(batch, nowMs);
        countTotalHits(batch, this.stats); // only now: a failed call counts no hits
        judgeLimits(batch, this.counter, this.options.nearLimitRatio, this.stats, nowMs);
      }
      return this.decide(request, decisions, nowMs);
    } catch (error) {
      this.countError(error);
      throw error;
    } finally {
      span?.end();
    }
  }

  /** The answer from the judged records. */
  private decide(
    request: RateLimitRequest,
    decisions: readonly DescriptorDecision[],
    nowMs: number,
  ): RateLimitDecision {
    const { options } = this;
    let code = overallCode(decisions, options.isGlobalQuotaMode);
    if (code === 'OVER_LIMIT' && this.observers.hasOverLimitObservers)
      this.observers.overLimit(request, decisions, nowMs);
    if (code === 'OVER_LIMIT' && options.isGlobalShadowMode) {
      code = 'OK';
      this.stats.globalShadowMode.add();
    }
    const statuses: DescriptorStatus[] = [];
    for (let i = 0; i < decisions.length; i++) statuses.push(decisions[i].status);
    return {
      overallCode: code,
      statuses,
      // Reset is computed from the clock at assembly time, after the store answered, as the reference does.
      responseHeadersToAdd: this.responseHeaders(decisions),
      dynamicMetadata: options.isDynamicMetadataEnabled
        ? buildDynamicMetadata(request, decisions)
        : undefined,
    };
  }

  /**
   * One record per descriptor, each matched on its own, then unlimited and `replaces` resolved; an
   * unknown domain counts `domain_not_found` once per descriptor.
   */
  private matchLimits(request: RateLimitRequest): DescriptorDecision[] {
    const snapshot = this.registry.snapshot;
    if (snapshot === undefined) throw new NoConfigLoadedError();
    const { domain, descriptors } = request;
    const matches: (MatchedLimit | undefined)[] = [];
    const isKnown = snapshot.hasDomain(domain);
    if (!isKnown) this.stats.domainNotFound(domain).add(descriptors.length);
    for (let i = 0; i < descriptors.length; i++)
      matches.push(isKnown ? snapshot.findLimit(domain, descriptors[i]) : undefined);
    const { limits, isUnlimited } = resolveLimitsToCheck(matches);
    const decisions: DescriptorDecision[] = [];
    for (let i = 0; i < limits.length; i++) {
      const status = isUnlimited[i] ? UNLIMITED : NO_LIMIT;
      decisions.push({ limit: limits[i], isUnlimited: isUnlimited[i], status });
    }
    return decisions;
  }

  /**
   * Lists what to count in the store (one count call for every descriptor and item). A
   * `rate_limits` node counts each item as its own limit and reports one of them:
   * docs/rules.md#how-a-request-is-judged. An item's key has its label before its algorithm's
   * ending: docs/stores.md#keys-of-several-limits.
   */
  private collectHits(
    request: RateLimitRequest,
    decisions: readonly DescriptorDecision[],
    nowSeconds: number,
  ): CountedLimit[] {
    const batch: CountedLimit[] = [];
    const defaultAddend = Math.max(1, request.hitsAddend);
    const prefix = this.options.cacheKeyPrefix;
    for (let i = 0; i < decisions.length; i++) {
      const decision = decisions[i];
      const limit = decision.limit;
      if (limit === undefined) continue;
      const descriptor = request.descriptors[i];
      const addend = descriptor.hitsAddend ?? defaultAddend;
      const base = buildCacheKeyBase(prefix, request.domain, descriptor.entries, limit.sharedValuePatterns);
      const items = limit.items;
      if (items === undefined) {
        const { rule } = limit;
        const key = algorithmOf(rule).counterKey(base, rule, nowSeconds);
        batch.push(countedLimit(key, addend, rule, decision, this.stats.limitStats(limit.statsKey)));
        continue;
      }
      for (let k = 0; k < items.length; k++) {
        const { rule, statsKey } = items[k];
        const stats = this.stats.limitItemStats(statsKey, rule.itemLabel!);
        const key = algorithmOf(rule).counterKey(base + rule.itemLabel + '_', rule, nowSeconds);
        batch.push(countedLimit(key, addend, rule, decision, stats));
      }
    }
    return batch;
  }

  private responseHeaders(decisions: readonly DescriptorDecision[]) {
    const names = this.options.responseHeaders;
    if (names === undefined) return NO_HEADERS;
    const chosen = selectHeaderStatus(decisions, this.options.isGlobalQuotaMode);
    if (chosen === undefined) return NO_HEADERS;
    return buildResponseHeaders(chosen, names, Math.floor(this.clock.nowMs() / 1000));
  }

  /** The reference's error stats: store failures are `redis_error`, request/config ones `service_error`. */
  private countError(error: unknown): void {
    if (error instanceof StoreUnavailableError) this.stats.shouldRateLimitError('redis_error').add();
    else if (error instanceof RateLimitError) this.stats.shouldRateLimitError('service_error').add();
  }
}
