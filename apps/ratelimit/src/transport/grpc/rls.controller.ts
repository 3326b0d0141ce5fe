// envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit: message -> service -> message,
// plus the reference's per-method stats (total_requests, response_time in ms).
import { performance } from 'node:perf_hooks';
import type { Metadata } from '@grpc/grpc-js';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { RateLimitService } from '../../ratelimit/ratelimit.service';
import { STATS } from '../../core-tokens';
import type { Counter, Timer } from '../../stats/stat-metrics';
import type { StatsService } from '../../stats/stats.service';
import { traceGrpcCall } from '../../tracing/trace-grpc-call';
import { TRACER_HOLDER, type TracerHolder } from '../../tracing/tracer-holder';
import { decisionToMessage, requestFromMessage, type RateLimitRequestMessage } from '../proto-mapping';
import { toRpcException } from './grpc-errors';
import { SHOULD_RATE_LIMIT_PATTERN } from './grpc-patterns';

@Controller()
export class RlsController {
  private readonly totalRequests: Counter;
  private readonly responseTime: Timer;

  constructor(
    private readonly service: RateLimitService,
    @Inject(STATS) stats: StatsService,
    @Inject(TRACER_HOLDER) private readonly tracing: TracerHolder,
  ) {
    this.totalRequests = stats.serverTotalRequests('ShouldRateLimit');
    this.responseTime = stats.serverResponseTime('ShouldRateLimit');
  }

  @MessagePattern(SHOULD_RATE_LIMIT_PATTERN)
  shouldRateLimit(
    @Payload() message: RateLimitRequestMessage,
    // The grpc-js call (our transport passes it as the context); only read while tracing.
    @Ctx() call?: { metadata?: Metadata },
  ): Promise<object> {
    // TRACING_ENABLED: the call runs inside a gRPC server span whose parent comes from the metadata.
    if (this.tracing.tracer === undefined) return this.answer(message);
    return traceGrpcCall(this.tracing, call?.metadata, SHOULD_RATE_LIMIT_PATTERN, () => this.answer(message));
  }

  private async answer(message: RateLimitRequestMessage): Promise<object> {
    const started = performance.now();
    this.totalRequests.add();
    try {
      return decisionToMessage(await this.service.shouldRateLimit(requestFromMessage(message)));
    } catch (error) {
      throw toRpcException(error);
    } finally {
      this.responseTime.record(performance.now() - started);
    }
  }
}
