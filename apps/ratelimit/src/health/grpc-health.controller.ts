// grpc.health.v1.Health (docs/service.md, "Health"): service `ratelimit` mirrors /healthcheck; the empty name
// (the whole server) is always SERVING, as grpc-go's default; other names are NOT_FOUND.
// Watch sends the current status and then every change (the store is polled once a second).
import { performance } from 'node:perf_hooks';
import { status as GrpcStatus, type ServerWritableStream } from '@grpc/grpc-js';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { HEALTH_CHECK_PATTERN, HEALTH_WATCH_PATTERN } from '../transport/grpc/grpc-patterns';
import { UndecodableRequest } from '../transport/grpc/undecodable-request';
import { STATS } from '../core-tokens';
import type { Counter, Timer } from '../stats/stat-metrics';
import type { StatsService } from '../stats/stats.service';
import { HEALTH_STATE, type HealthState } from './health-state';

export const GRPC_HEALTH_SERVICE_NAME = 'ratelimit';
const STORE_POLL_MS = 1000;

interface HealthCheckRequest {
  service?: string;
}

type ServingStatus = 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';

@Controller()
export class GrpcHealthController {
  private readonly checkRequests: Counter;
  private readonly checkResponseTime: Timer;

  constructor(
    @Inject(HEALTH_STATE) private readonly state: HealthState,
    @Inject(STATS) stats: StatsService,
  ) {
    // The reference's interceptor counts every unary method, Health/Check included.
    this.checkRequests = stats.serverTotalRequests('Check');
    this.checkResponseTime = stats.serverResponseTime('Check');
  }

  @MessagePattern(HEALTH_CHECK_PATTERN)
  check(request: HealthCheckRequest | UndecodableRequest): { status: ServingStatus } {
    const started = performance.now();
    this.checkRequests.add();
    try {
      return this.answerCheck(request);
    } finally {
      this.checkResponseTime.record(performance.now() - started);
    }
  }

  private answerCheck(request: HealthCheckRequest | UndecodableRequest): { status: ServingStatus } {
    rejectUndecodable(request);
    const status = this.statusOf(request.service ?? '');
    if (status === 'SERVICE_UNKNOWN') {
      throw new RpcException({ code: GrpcStatus.NOT_FOUND, message: `unknown service ${request.service}` });
    }
    return { status };
  }

  @MessagePattern(HEALTH_WATCH_PATTERN)
  // The transport passes the request and the call, which @Payload() and @Ctx() pick
  // (transport/grpc/grpc-transport.ts); the call is the stream to write to.
  async watch(
    @Payload() request: HealthCheckRequest | UndecodableRequest,
    @Ctx() call: ServerWritableStream<unknown, unknown>,
  ): Promise<void> {
    rejectUndecodable(request);
    const service = request.service ?? '';
    let last: ServingStatus | undefined;
    const send = () => {
      const status = this.statusOf(service);
      if (status !== last) call.write({ status: (last = status) });
    };
    send();
    const unsubscribe = this.state.onChange(send);
    const poll = setInterval(send, STORE_POLL_MS);
    await new Promise<void>((resolve) => call.once('cancelled', resolve).once('close', resolve));
    clearInterval(poll);
    unsubscribe();
  }

  private statusOf(service: string): ServingStatus {
    if (service === '') return 'SERVING';
    if (service !== GRPC_HEALTH_SERVICE_NAME) return 'SERVICE_UNKNOWN';
    return this.state.isHealthy() ? 'SERVING' : 'NOT_SERVING';
  }
}

/** Bytes that were not a valid HealthCheckRequest (strict-decoder.ts): INVALID_ARGUMENT. */
function rejectUndecodable(
  request: HealthCheckRequest | UndecodableRequest,
): asserts request is HealthCheckRequest {
  if (!(request instanceof UndecodableRequest)) return;
  throw new RpcException({
    code: GrpcStatus.INVALID_ARGUMENT,
    message: `the message is not a valid grpc.health.v1.HealthCheckRequest: ${request.reason}`,
  });
}
