// A real in-process ADS management server (grpc-js) for the xDS rule source tests: it serves
// the state of the world set with setResources() to every open stream, records every
// DiscoveryRequest (ACKs, NACKs, resubscriptions) with the stream's metadata, and can drop the
// streams or serve over (mutual) TLS. It speaks the same protos as the client (proto/).
import { readFileSync } from 'node:fs';
import { Server, ServerCredentials, status as GrpcStatus, type ServerDuplexStream } from '@grpc/grpc-js';
import { type XdsRateLimitConfig } from '../../src/from-xds-config';
import {
  RATE_LIMIT_CONFIG_TYPE_URL,
  xdsProtos,
  type XdsAny,
  type XdsDiscoveryRequest,
  type XdsDiscoveryResponse,
} from '../../src/sources/xds-protos';

type AdsCall = ServerDuplexStream<XdsDiscoveryRequest, XdsDiscoveryResponse>;

export interface AdsServerTlsOptions {
  readonly certPath: string;
  readonly keyPath: string;
  /** With requireClientCert: the CA that must have signed the client certificate. */
  readonly caPath?: string;
  readonly requireClientCert?: boolean;
}

export interface ReceivedRequest {
  /** 1 for the first stream opened, 2 for the next (e.g. after a drop), ... */
  readonly streamNumber: number;
  readonly request: XdsDiscoveryRequest;
  /** Request metadata of the stream (lower-case names, first value). */
  readonly headers: Readonly<Record<string, string>>;
}

export interface AdsTestServer {
  readonly port: number;
  /** `127.0.0.1:<port>`. */
  readonly url: string;
  readonly requests: readonly ReceivedRequest[];
  /** Streams opened so far. */
  readonly streamCount: number;
  /** Replaces the state of the world and pushes it to every open stream. */
  setResources(version: string, resources: readonly (XdsRateLimitConfig | XdsAny)[]): void;
  /** Ends every open stream with UNAVAILABLE (what a restarting control plane looks like). */
  dropStreams(): void;
  stop(): Promise<void>;
}

/** A RateLimitConfig packed into an Any, or an Any passed through unchanged (e.g. garbage bytes). */
export function toAny(resource: XdsRateLimitConfig | XdsAny): XdsAny {
  if ('type_url' in resource) return resource;
  return {
    type_url: RATE_LIMIT_CONFIG_TYPE_URL,
    value: xdsProtos().rateLimitConfig.serialize(resource as XdsRateLimitConfig),
  };
}

/** `port`: a fixed port (e.g. to restart a server where it was); default: a free one. */
export async function startAdsServer(
  options: { tls?: AdsServerTlsOptions; port?: number } = {},
): Promise<AdsTestServer> {
  const state = new AdsServerState();
  const server = new Server();
  server.addService(xdsProtos().adsService, {
    StreamAggregatedResources: (call: AdsCall) => state.accept(call),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, createCredentials(options.tls), (error, boundPort) =>
      error ? reject(error) : resolve(boundPort),
    );
  });
  return {
    port,
    url: `127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get streamCount() {
      return state.streamCount;
    },
    setResources: (version, resources) => state.setResources(version, resources),
    dropStreams: () => state.dropStreams(),
    stop: async () => {
      state.dropStreams();
      server.forceShutdown();
    },
  };
}

class AdsServerState {
  readonly requests: ReceivedRequest[] = [];
  streamCount = 0;
  private readonly openCalls = new Set<AdsCall>();
  private snapshot: { version: string; resources: XdsAny[] } | undefined;
  private nonce = 0;

  accept(call: AdsCall): void {
    const streamNumber = ++this.streamCount;
    const headers = toHeaders(call.metadata.getMap());
    this.openCalls.add(call);
    let isSubscribed = false;
    call.on('data', (request: XdsDiscoveryRequest) => {
      this.requests.push({ streamNumber, request, headers });
      // SotW: the first request of a stream subscribes; answer with the current snapshot.
      if (!isSubscribed) {
        isSubscribed = true;
        this.push(call);
      }
    });
    const forget = (): void => void this.openCalls.delete(call);
    call.on('end', forget);
    call.on('error', forget);
    call.on('cancelled', forget);
  }

  setResources(version: string, resources: readonly (XdsRateLimitConfig | XdsAny)[]): void {
    this.snapshot = { version, resources: resources.map(toAny) };
    for (const call of this.openCalls) this.push(call);
  }

  dropStreams(): void {
    for (const call of this.openCalls) {
      call.emit('error', { code: GrpcStatus.UNAVAILABLE, details: 'test server dropped the stream' });
    }
    this.openCalls.clear();
  }

  private push(call: AdsCall): void {
    if (this.snapshot === undefined) return;
    this.nonce += 1;
    call.write({
      versionInfo: this.snapshot.version,
      resources: this.snapshot.resources,
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      nonce: `nonce-${this.nonce}`,
    });
  }
}

function toHeaders(map: Record<string, string | Buffer>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, String(value)]));
}

function createCredentials(tls: AdsServerTlsOptions | undefined): ServerCredentials {
  if (tls === undefined) return ServerCredentials.createInsecure();
  return ServerCredentials.createSsl(
    tls.caPath === undefined ? null : readFileSync(tls.caPath),
    [{ private_key: readFileSync(tls.keyPath), cert_chain: readFileSync(tls.certPath) }],
    tls.requireClientCert === true,
  );
}
