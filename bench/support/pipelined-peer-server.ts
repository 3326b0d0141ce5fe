// The peer of the Redis-work benchmark: a @grpc/grpc-js + ioredis server doing what Envoy's
// service does per request with its defaults (REDIS_PIPELINE_WINDOW=0): one pipeline of INCRBY +
// EXPIRE per descriptor (Envoy's Redis commands), then one status per descriptor. Every descriptor counts
// against 100000000 per minute, key `<domain>_<key>_<value>..._<window start>`, EXPIRE = 60 s +
// jitter in [0, 299] as with Envoy's default EXPIRATION_JITTER_MAX_SECONDS.
// `node pipelined-peer-server.js <port> <redis host:port>`; prints `listening <port>` when ready.
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { Redis } from 'ioredis';
import { rlsProtos } from '../../apps/ratelimit/src/transport/rls-protos';

const LIMIT = 100000000;
const WINDOW_SECONDS = 60;
const JITTER_MAX_SECONDS = 300;

interface Descriptor {
  entries: { key: string; value: string }[];
}
interface Request {
  domain: string;
  descriptors: Descriptor[];
}

const [host, port] = (process.argv[3] ?? '127.0.0.1:6379').split(':');
const redis = new Redis({ host, port: Number(port), enableAutoPipelining: false });

async function shouldRateLimit(request: Request): Promise<object> {
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % WINDOW_SECONDS);
  const pipeline = redis.pipeline();
  for (const descriptor of request.descriptors) {
    let key = `${request.domain}_`;
    for (const entry of descriptor.entries) key += `${entry.key}_${entry.value}_`;
    key += windowStart;
    pipeline.incrby(key, 1).expire(key, WINDOW_SECONDS + Math.floor(Math.random() * JITTER_MAX_SECONDS));
  }
  const replies = (await pipeline.exec()) ?? [];
  const statuses = request.descriptors.map((_, i) => {
    const [error, count] = replies[2 * i];
    if (error) throw error;
    return {
      code: 'OK',
      currentLimit: { requestsPerUnit: LIMIT, unit: 'MINUTE' },
      limitRemaining: LIMIT - Number(count),
      durationUntilReset: { seconds: windowStart + WINDOW_SECONDS - now },
    };
  });
  return { overallCode: 'OK', statuses };
}

const server = new Server();
server.addService(rlsProtos().rlsService, {
  ShouldRateLimit: (call: ServerUnaryCall<Request, object>, callback: sendUnaryData<object>) => {
    shouldRateLimit(call.request).then(
      (response) => callback(null, response),
      (error: Error) => callback(error),
    );
  },
});
server.bindAsync(`127.0.0.1:${process.argv[2] ?? 0}`, ServerCredentials.createInsecure(), (error, bound) => {
  if (error) throw error;
  console.log(`listening ${bound}`);
});
process.on('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
