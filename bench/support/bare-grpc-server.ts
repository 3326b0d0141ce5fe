// The ceiling of the gRPC benchmark: a bare @grpc/grpc-js server on the same proto answering a
// canned RateLimitResponse without doing any work. The canned answer has the shape the service
// gives the benchmark's request (one status with limit, remaining and reset per descriptor), so
// both sides pay the same encoding. Run as a child process so its CPU is measured on its own:
// `node bare-grpc-server.js <port> [statuses]` (2 statuses by default); prints `listening <port>`.
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { rlsProtos } from '../../apps/ratelimit/src/transport/rls-protos';

const status = (unit: string, seconds: number) => ({
  code: 'OK',
  currentLimit: { requestsPerUnit: 100000000, unit },
  limitRemaining: 99999000,
  durationUntilReset: { seconds },
});
const STATUSES = [status('MINUTE', 42), status('SECOND', 1)];
const CANNED = { overallCode: 'OK', statuses: STATUSES.slice(0, Number(process.argv[3] ?? 2)) };

const server = new Server();
server.addService(rlsProtos().rlsService, {
  ShouldRateLimit: (_call: unknown, callback: (error: null, response: object) => void) =>
    callback(null, CANNED),
});
server.bindAsync(`127.0.0.1:${process.argv[2] ?? 0}`, ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error;
  console.log(`listening ${port}`);
});
process.on('SIGTERM', () => server.tryShutdown(() => process.exit(0)));
