// ShouldRateLimit, transport-free (docs/decisions.md): validate -> match every descriptor against the
// active rules -> unlimited / replaces -> count the hits in the store (one round trip) -> one
// status per descriptor -> overall code, headers, dynamic metadata. Plain async/await: this is
// the hot path: no RxJS, no per-call closures, clients or regexes.
import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  RULE_REGISTRY,
  resolveLimitsToCheck,
  type MatchedLimit,
  type RuleRegistry,
  type RuleSnapshot,
} from '@repo/rules';
import { StoreUnavailableError } from '@repo/storage';
import { CLOCK, type Clock } from '../clock';
import { NoConfigLoadedError, RateLimitError } from '../errors';
import { buildCounterKey, buildCounterKeyBase } from '../limiter/build-counter-key';
import { computeDescriptorStatus, type CountedHits } from '../limiter/compute-descriptor-status';
import { HitCounter, type HitCounts, type PendingHits } from '../limiter/hit-counter';
import { localCacheTally, tallyHits } from '../limiter/tally-hits';
import type { StatsService } from '../stats/stats.service';
import { startExecutionSpan } from '../tracing/trace-spans';
import { buildDynamicMetadata } from './build-dynamic-metadata';
import { countTotalHits, isLastOfDescriptor, isReportedBefore, type BatchEntry } from './hit-batch';
import { buildResponseHeaders, selectHeaderStatus } from './build-response-headers';
import { overallCode } from './overall-code';
import {
  UNLIMITED_REMAINING,
  type DescriptorStatus,
  type LimitedValuesRecorder,
  type RateLimitDecision,
  type RateLimitRequest,
} from '../rate-limit-types';
import { LIMITED_VALUES, STATS } from '../core-tokens';
import { HIT_COUNTER, RATE_LIMIT_OPTIONS, type RateLimitOptions } from './ratelimit-options';
import { validateRequest } from './validate-request';

const NO_LIMIT: DescriptorStatus = Object.freeze({ code: 'OK', limitRemaining: 0 });
const UNLIMITED: DescriptorStatus = Object.freeze({ code: 'OK', limitRemaining: UNLIMITED_REMAINING });
const NO_HEADERS = Object.freeze([]);

@Injectable()
export class RateLimitService {
  /** The console's heavy hitters; fed on over-limit answers only, so within-limit calls pay nothing. */
  private readonly limited: LimitedValuesRecorder | undefined;

  constructor(
    @Inject(RULE_REGISTRY) private readonly registry: RuleRegistry,
    @Inject(HIT_COUNTER) private readonly counter: HitCounter,
    @Inject(STATS) private readonly stats: StatsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RATE_LIMIT_OPTIONS) private readonly options: RateLimitOptions,
    @Optional() @Inject(LIMITED_VALUES) limited?: LimitedValuesRecorder,
  ) {
    this.limited = limited;
  }

  /**
   * The one `async` step of a decision: everything before the store's answer and everything after
   * it is synchronous, because every `async` helper that only passes a promise through costs one
   * more promise and microtask per call.
   */
  async shouldRateLimit(request: RateLimitRequest): Promise<RateLimitDecision> {
    const span = startExecutionSpan(request); // undefined unless TRACING_ENABLED
    try {
      validateRequest(request);
      const snapshot = this.registry.snapshot;
      if (snapshot === undefined) throw new NoConfigLoadedError();
      const nowMs = this.clock.nowMs();
      const { limits, isUnlimited } = resolveLimitsToCheck(this.matchLimits(request, snapshot));
      const batch = this.collectHits(request, limits, Math.floor(nowMs / 1000));
      const counts = batch.length === 0 ? undefined : await this.counter.count(batch, nowMs);
      countTotalHits(batch, limits, this.stats); // only now: a failed call counts no hits
      return this.decide(request, limits, isUnlimited, batch, counts, nowMs);
    } catch (error) {
      this.countError(error);
      throw error;
    } finally {
      span?.end();
    }
  }

  /** One status per descriptor (after the store answered `counts` for `batch`), then the answer. */
  private decide(
    request: RateLimitRequest,
    limits: readonly (MatchedLimit | undefined)[],
    isUnlimited: readonly boolean[],
    batch: readonly BatchEntry[],
    counts: HitCounts | undefined,
    nowMs: number,
  ): RateLimitDecision {
    const statuses: DescriptorStatus[] = [];
    for (let i = 0; i < limits.length; i++) statuses.push(isUnlimited[i] ? UNLIMITED : NO_LIMIT);
    if (counts !== undefined) this.judge(batch, counts, limits, statuses, nowMs);
    let code = overallCode(statuses, limits, isUnlimited, this.options.isGlobalQuotaMode);
    if (code === 'OVER_LIMIT' && this.limited !== undefined)
      this.recordLimited(this.limited, request, limits, statuses, nowMs);
    if (code === 'OVER_LIMIT' && this.options.isGlobalShadowMode) {
      code = 'OK';
      this.stats.globalShadowMode.add();
    }
    return {
      overallCode: code,
      statuses,
      // Reset is computed from the clock at assembly time, after the store answered, as the reference does.
      responseHeadersToAdd: this.responseHeaders(statuses, limits),
      dynamicMetadata: this.options.isDynamicMetadataEnabled
        ? buildDynamicMetadata(request, limits, statuses, isUnlimited)
        : undefined,
    };
  }

  /** Matches each descriptor on its own; an unknown domain counts `domain_not_found` once per descriptor. */
  private matchLimits(request: RateLimitRequest, snapshot: RuleSnapshot): (MatchedLimit | undefined)[] {
    const { domain, descriptors } = request;
    const matches: (MatchedLimit | undefined)[] = [];
    if (!snapshot.hasDomain(domain)) {
      this.stats.domainNotFound(domain).add(descriptors.length);
      for (let i = 0; i < descriptors.length; i++) matches.push(undefined);
      return matches;
    }
    for (let i = 0; i < descriptors.length; i++) matches.push(snapshot.findLimit(domain, descriptors[i]));
    return matches;
  }

  /**
   * Lists what to count in the store (one count call for every descriptor and item). A
   * `rate_limits` node counts each item as its own limit and reports one of them:
   * docs/rules.md#how-a-request-is-judged.
   */
  private collectHits(
    request: RateLimitRequest,
    limits: readonly (MatchedLimit | undefined)[],
    nowSeconds: number,
  ): BatchEntry[] {
    const batch: BatchEntry[] = [];
    const defaultAddend = Math.max(1, request.hitsAddend);
    const prefix = this.options.cacheKeyPrefix;
    for (let i = 0; i < limits.length; i++) {
      const limit = limits[i];
      if (limit === undefined) continue;
      const descriptor = request.descriptors[i];
      const addend = descriptor.hitsAddend ?? defaultAddend;
      const base = buildCounterKeyBase(prefix, request.domain, descriptor.entries, limit);
      const items = limit.items;
      if (items === undefined) {
        const key = buildCounterKey(base, limit.rule, nowSeconds);
        const stats = this.stats.limitStats(limit.statsKey);
        batch.push({ key, addend, rule: limit.rule, descriptorIndex: i, stats });
        continue;
      }
      for (let k = 0; k < items.length; k++) {
        const { rule, statsKey } = items[k];
        const itemStats = this.stats.limitItemStats(statsKey, rule.itemLabel!);
        const key = buildCounterKey(base, rule, nowSeconds);
        batch.push({ key, addend, rule, descriptorIndex: i, stats: itemStats });
      }
    }
    return batch;
  }

  /**
   * One status per batch entry. A list's descriptor reports its first over-limit item, else the
   * one with the least remaining (the first on ties); that item's verdict is then counted once
   * more, under the node's stats key.
   */
  private judge(
    batch: readonly BatchEntry[],
    counts: HitCounts,
    limits: readonly (MatchedLimit | undefined)[],
    statuses: DescriptorStatus[],
    nowMs: number,
  ): void {
    const ratio = this.options.nearLimitRatio;
    let reported: CountedHits | undefined; // of the list being judged
    let isReportedOver = false;
    let reportedRemaining = 0;
    for (let j = 0; j < batch.length; j++) {
      const entry = batch[j];
      const counted = this.countedHits(entry, counts, j, nowMs);
      const status = computeDescriptorStatus(counted, ratio, entry.stats);
      const i = entry.descriptorIndex;
      const limit = limits[i]!;
      if (limit.items === undefined) {
        statuses[i] = status;
        continue;
      }
      const isOver = counted.isLocalCacheHit || counted.tally.after > counted.tally.limit;
      const remaining = status.limitRemaining;
      if (reported === undefined || isReportedBefore(isOver, remaining, isReportedOver, reportedRemaining)) {
        reported = counted;
        isReportedOver = isOver;
        reportedRemaining = remaining;
      }
      if (!isLastOfDescriptor(batch, j)) continue;
      statuses[i] = computeDescriptorStatus(reported, ratio, this.stats.limitStats(limit.statsKey));
      reported = undefined;
    }
  }

  /** The store's (or the local cache's) answer for one entry; an over-limit key is cached. */
  private countedHits(hits: PendingHits, counts: HitCounts, j: number, nowMs: number): CountedHits {
    const { rule, addend } = hits;
    const isCached = counts.isLocalCacheHit[j];
    const tally = isCached
      ? localCacheTally(rule, counts.localCacheUntilMs[j], nowMs)
      : tallyHits(rule, addend, counts.outcomes[j], nowMs);
    if (!isCached && tally.after > tally.limit && tally.overLimitTtlMs > 0)
      this.counter.markOverLimit(hits, tally.overLimitTtlMs);
    return { rule, addend, tally, isLocalCacheHit: isCached };
  }

  private responseHeaders(
    statuses: readonly DescriptorStatus[],
    limits: readonly (MatchedLimit | undefined)[],
  ) {
    const names = this.options.responseHeaders;
    if (names === undefined) return NO_HEADERS;
    const chosen = selectHeaderStatus(statuses, limits, this.options.isGlobalQuotaMode);
    if (chosen === undefined) return NO_HEADERS;
    return buildResponseHeaders(chosen, names, Math.floor(this.clock.nowMs() / 1000));
  }

  /** Each over-limit descriptor's values, under its rule, weighted by its hits. */
  private recordLimited(
    limited: LimitedValuesRecorder,
    request: RateLimitRequest,
    limits: readonly (MatchedLimit | undefined)[],
    statuses: readonly DescriptorStatus[],
    nowMs: number,
  ): void {
    const defaultAddend = Math.max(1, request.hitsAddend);
    for (let i = 0; i < statuses.length; i++) {
      const limit = limits[i];
      if (statuses[i].code !== 'OVER_LIMIT' || limit === undefined) continue;
      const descriptor = request.descriptors[i];
      const hits = descriptor.hitsAddend ?? defaultAddend;
      if (hits > 0) limited.record(limit.ruleStatsKey, descriptor.entries, hits, nowMs);
    }
  }

  /** The reference's error stats: store failures are `redis_error`, request/config ones `service_error`. */
  private countError(error: unknown): void {
    if (error instanceof StoreUnavailableError) this.stats.shouldRateLimitError('redis_error').add();
    else if (error instanceof RateLimitError) this.stats.shouldRateLimitError('service_error').add();
  }
}
