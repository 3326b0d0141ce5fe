// What the network fault specs share: the rules, the load, the exact-decision probe's request,
// and the service started with them (network-fault-run.ts runs the faults).
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startLoad, waitForCalls } from './closed-loop-load';
import { startFaultService, type FaultService } from './fault-service';

/** `client`: the load, never over its limit; `strict`: 3 per hour, for the exact-decision probes. */
const RULES = `
domain: net
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
  - key: strict
    rate_limit: { unit: hour, requests_per_unit: 3 }
`;

/** Calls in flight: enough to keep the store busy without saturating the shared 2 cores. */
export const IN_FLIGHT = 8;
/** What a fresh `strict` key answers, call after call. */
export const STRICT_ANSWERS = ['OK', 'OK', 'OK', 'OVER_LIMIT'];

export const loadRequest = (n: number) => rlsRequest('net', [['client', `c${n % 500}`]]);
export const strictRequest = (value: string) => rlsRequest('net', [['strict', value]]);

/** The service with these rules and `storeEnv`, warmed up by 2,000 calls (JIT, connections). */
export async function startNetworkFaultService(storeEnv: Record<string, string>): Promise<FaultService> {
  const rules = createRulesDir({ 'net.yaml': RULES });
  const service = await startFaultService({ ...rules.env, ...storeEnv });
  const warmUp = startLoad({ client: service.grpc, inFlight: IN_FLIGHT, request: loadRequest });
  await waitForCalls(warmUp, 2000);
  await warmUp.stop();
  return service;
}
