// A raw @grpc/grpc-js client for the fault suite and the soak run (apps/ratelimit/load/: what calls
// the service from outside, shared by the tests and the benchmarks): every call carries a deadline (so a hung call
// shows up as DEADLINE_EXCEEDED instead of hanging the test) and ends as an Outcome, never a
// rejection. `callRaw` sends arbitrary bytes as the request message (hostile input).
import {
  connectivityState,
  credentials,
  makeGenericClientConstructor,
  status as GrpcStatus,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { rlsProtos } from '../src/transport/rls-protos';
import type { RateLimitResponseMessage } from './rls-client';

const SHOULD_RATE_LIMIT = '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit';

/** `OK` / `OVER_LIMIT` for a decision, otherwise the gRPC status name (`UNAVAILABLE`, ...). */
export interface Outcome {
  readonly code: string;
  readonly details?: string;
  readonly response?: RateLimitResponseMessage;
}

export interface FaultClient {
  call(request: object, deadlineMs?: number): Promise<Outcome>;
  /** The bytes are sent as the message itself (no protobuf encoding). */
  callRaw(message: Buffer, deadlineMs?: number): Promise<Outcome>;
  /** The channel's connectivity state (`READY`, `IDLE`, ...). */
  state(): string;
  close(): void;
}

type Unary = (
  request: object,
  options: { deadline: number },
  callback: (error: ServiceError | null, response?: RateLimitResponseMessage) => void,
) => void;

export function statusName(code: number): string {
  return (GrpcStatus as unknown as Record<number, string>)[code] ?? `STATUS_${code}`;
}

function outcomeOf(error: ServiceError | null, response?: RateLimitResponseMessage): Outcome {
  if (error) return { code: statusName(error.code), details: error.details };
  return { code: response?.overallCode ?? 'EMPTY', response };
}

/** `options` are channel options, e.g. a larger `grpc.max_send_message_length`. */
export function createFaultClient(address: string, options: Record<string, number> = {}): FaultClient {
  const { rlsService } = rlsProtos();
  const decode = (bytes: Buffer) =>
    rlsService.ShouldRateLimit.responseDeserialize(bytes) as RateLimitResponseMessage;
  const Rls = makeGenericClientConstructor(rlsService, 'RateLimitService');
  const client = new Rls(address, credentials.createInsecure(), {
    'grpc.max_send_message_length': 64 * 1024 * 1024,
    ...options,
  }) as Client & Record<string, Unary>;
  return {
    call: (request, deadlineMs = 10_000) =>
      new Promise((resolve) => {
        try {
          client.ShouldRateLimit(request, { deadline: Date.now() + deadlineMs }, (error, response) =>
            resolve(outcomeOf(error, response)),
          );
        } catch (error) {
          resolve({ code: 'CLIENT_ERROR', details: (error as Error).message }); // e.g. the client was closed
        }
      }),
    callRaw: (message, deadlineMs = 10_000) =>
      new Promise((resolve) =>
        client.makeUnaryRequest<Buffer, RateLimitResponseMessage>(
          SHOULD_RATE_LIMIT,
          (bytes) => bytes,
          decode,
          message,
          { deadline: Date.now() + deadlineMs },
          (error, response) => resolve(outcomeOf(error, response)),
        ),
      ),
    state: () => connectivityState[client.getChannel().getConnectivityState(false)],
    close: () => client.close(),
  };
}
