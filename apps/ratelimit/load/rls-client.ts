// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// A raw @grpc/grpc-js client built from proto/ (no Nest), as Envoy would call the service:
// ShouldRateLimit and grpc.health.v1.Health/Check, with results or the gRPC error.
import {
  credentials as grpcCredentials,
  makeGenericClientConstructor,
  type ChannelCredentials,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { rlsProtos } from '../src/transport/rls-protos';

type Unary = (request: object, callback: (error: ServiceError | null, response: unknown) => void) => void;

export interface RlsClient {
  shouldRateLimit(request: object): Promise<RateLimitResponseMessage>;
  /** Resolves with the ServiceError (code, details) a failed call ends with. */
  shouldRateLimitError(request: object): Promise<ServiceError>;
  healthCheck(service: string): Promise<string>;
  close(): void;
}

/** What the client decodes (PROTO_LOADER_OPTIONS: lowerCamelCase, enum names, unset = undefined). */
export interface RateLimitResponseMessage {
  overallCode: string;
  statuses: {
    code: string;
    currentLimit?: { requestsPerUnit?: number; unit?: string; name?: string };
    limitRemaining?: number;
    durationUntilReset?: { seconds?: number };
  }[];
  responseHeadersToAdd: { key: string; value: string }[];
  dynamicMetadata?: { fields: Record<string, unknown> };
}

export function createRlsClient(
  address: string,
  channelCredentials: ChannelCredentials = grpcCredentials.createInsecure(),
  options: Record<string, string | number> = {},
): RlsClient {
  const { rlsService, healthService } = rlsProtos();
  const Rls = makeGenericClientConstructor(rlsService, 'RateLimitService');
  const Health = makeGenericClientConstructor(healthService, 'Health');
  const rls = new Rls(address, channelCredentials, options) as Client & Record<string, Unary>;
  const health = new Health(address, channelCredentials, options) as Client & Record<string, Unary>;
  const call = (client: Record<string, Unary>, method: string, request: object) =>
    new Promise<unknown>((resolve, reject) =>
      client[method](request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  return {
    shouldRateLimit: async (request) =>
      (await call(rls, 'ShouldRateLimit', request)) as RateLimitResponseMessage,
    shouldRateLimitError: async (request) => {
      try {
        await call(rls, 'ShouldRateLimit', request);
      } catch (error) {
        return error as ServiceError;
      }
      throw new Error('ShouldRateLimit succeeded, an error was expected');
    },
    healthCheck: async (service) => ((await call(health, 'Check', { service })) as { status: string }).status,
    close: () => {
      rls.close();
      health.close();
    },
  };
}

/** A request message from `[key, value]` pairs per descriptor. */
export function rlsRequest(domain: string, ...descriptors: [string, string][][]): object {
  return {
    domain,
    descriptors: descriptors.map((entries) => ({ entries: entries.map(([key, value]) => ({ key, value })) })),
  };
}
