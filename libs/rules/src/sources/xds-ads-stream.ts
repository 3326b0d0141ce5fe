// Opens the state-of-the-world ADS stream with @grpc/grpc-js. Everything that can be wrong in
// the options (unreadable TLS files, illegal header names) fails when the connector is created,
// so a bad setting stops start-up with a clear message instead of looping through reconnects.
import { readFileSync } from 'node:fs';
import {
  Metadata,
  connectivityState,
  credentials,
  makeGenericClientConstructor,
  status as GrpcStatus,
  type ChannelCredentials,
  type ChannelOptions,
  type Client,
  type ClientDuplexStream,
  type ServiceError,
} from '@grpc/grpc-js';
import { xdsProtos, type XdsDiscoveryRequest, type XdsDiscoveryResponse } from './xds-protos';

export interface XdsTlsOptions {
  /** CONFIG_GRPC_XDS_SERVER_TLS_CACERT; absent: the system roots. */
  readonly caCertPath?: string;
  /** CONFIG_GRPC_XDS_CLIENT_TLS_CERT (with clientKeyPath: mutual TLS). */
  readonly clientCertPath?: string;
  /** CONFIG_GRPC_XDS_CLIENT_TLS_KEY. */
  readonly clientKeyPath?: string;
  /** CONFIG_GRPC_XDS_SERVER_TLS_SAN: the name the server certificate must carry (and SNI). */
  readonly serverNameOverride?: string;
}

export interface XdsConnectionOptions {
  /** CONFIG_GRPC_XDS_SERVER_URL, a gRPC target such as `localhost:18000`. */
  readonly serverUrl: string;
  /** CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS, sent as stream metadata. */
  readonly additionalHeaders: Readonly<Record<string, string>>;
  /** Present: TLS (CONFIG_GRPC_XDS_SERVER_USE_TLS=true); absent: plaintext. */
  readonly tls?: XdsTlsOptions;
  /** XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES; 0 or absent: the gRPC default (4 MiB). */
  readonly maxReceiveMessageBytes?: number;
  /**
   * CONFIG_GRPC_XDS_KEEPALIVE_TIME: an HTTP/2 ping this long after the last one; 0 or absent: none.
   * Without pings a connection that died without a FIN or RST (a half-open one) looks open for ever,
   * so the stream would never be reopened and no later version would arrive.
   */
  readonly keepaliveTimeMs?: number;
  /**
   * CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: a ping unanswered this long closes the connection (and the
   * stream); so does a connection not ready this long after the stream was opened (grpc-js waits
   * for the server's HTTP/2 settings for ever, and pings only start once they came). 0 or absent: no limit.
   */
  readonly keepaliveTimeoutMs?: number;
}

export interface AdsStreamHandlers {
  onResponse(response: XdsDiscoveryResponse): void;
  /** Called once when the stream ends or fails (not after close()). */
  onClosed(reason: string): void;
}

export interface AdsStream {
  write(request: XdsDiscoveryRequest): void;
  /** Cancels the call and closes the channel; no handler is called afterwards. */
  close(): void;
}

export type OpenAdsStream = (handlers: AdsStreamHandlers) => AdsStream;

export function createGrpcAdsConnector(options: XdsConnectionOptions): OpenAdsStream {
  const channelCredentials = createCredentials(options.tls);
  const channelOptions = createChannelOptions(options);
  const metadata = createMetadata(options.additionalHeaders);
  const AdsClient = makeGenericClientConstructor(xdsProtos().adsService, 'AggregatedDiscoveryService');
  return (handlers) => {
    const client = new AdsClient(options.serverUrl, channelCredentials, channelOptions);
    return openStream(client, metadata.clone(), handlers, options.keepaliveTimeoutMs ?? 0);
  };
}

function openStream(
  client: Client,
  metadata: Metadata,
  handlers: AdsStreamHandlers,
  readyTimeoutMs: number,
): AdsStream {
  const start = (client as unknown as Record<string, (m: Metadata) => unknown>).StreamAggregatedResources;
  const call = start.call(client, metadata) as ClientDuplexStream<XdsDiscoveryRequest, XdsDiscoveryResponse>;
  let isClosed = false;
  let readyTimer: NodeJS.Timeout | undefined;
  const finish = (reason: string): void => {
    clearTimeout(readyTimer);
    if (isClosed) return;
    isClosed = true;
    handlers.onClosed(reason);
  };
  if (readyTimeoutMs > 0) {
    readyTimer = setTimeout(() => {
      const state = client.getChannel().getConnectivityState(false);
      if (state !== connectivityState.READY) finish(`no connection ready within ${readyTimeoutMs} ms`);
    }, readyTimeoutMs);
  }
  call.on('data', (response: XdsDiscoveryResponse) => {
    if (!isClosed) handlers.onResponse(response);
  });
  call.on('error', (error: ServiceError) => {
    finish(`${GrpcStatus[error.code] ?? error.code}: ${error.details || error.message}`);
  });
  call.on('end', () => finish('stream closed by the server'));
  return {
    write: (request) => {
      if (!isClosed) call.write(request);
    },
    close: () => {
      clearTimeout(readyTimer);
      isClosed = true;
      call.cancel();
      client.close();
    },
  };
}

function createCredentials(tls: XdsTlsOptions | undefined): ChannelCredentials {
  if (tls === undefined) return credentials.createInsecure();
  const hasCert = tls.clientCertPath !== undefined && tls.clientCertPath !== '';
  const hasKey = tls.clientKeyPath !== undefined && tls.clientKeyPath !== '';
  if (hasCert !== hasKey) {
    throw new Error('xDS client TLS needs both a client certificate and a client key, or neither');
  }
  return credentials.createSsl(
    readTlsFile(tls.caCertPath, 'CA certificate'),
    readTlsFile(tls.clientKeyPath, 'client key'),
    readTlsFile(tls.clientCertPath, 'client certificate'),
  );
}

function readTlsFile(path: string | undefined, what: string): Buffer | null {
  if (path === undefined || path === '') return null;
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`cannot read xDS ${what} '${path}': ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** grpc-js channel options for the connection settings (exported for its unit test). */
export function createChannelOptions(options: XdsConnectionOptions): ChannelOptions {
  const channelOptions: ChannelOptions = {};
  const keepaliveTimeMs = options.keepaliveTimeMs ?? 0;
  if (keepaliveTimeMs > 0) {
    channelOptions['grpc.keepalive_time_ms'] = keepaliveTimeMs;
    if ((options.keepaliveTimeoutMs ?? 0) > 0)
      channelOptions['grpc.keepalive_timeout_ms'] = options.keepaliveTimeoutMs;
  }
  const serverName = options.tls?.serverNameOverride;
  if (serverName !== undefined && serverName !== '') {
    channelOptions['grpc.ssl_target_name_override'] = serverName;
  }
  const maxBytes = options.maxReceiveMessageBytes ?? 0;
  if (maxBytes > 0) channelOptions['grpc.max_receive_message_length'] = maxBytes;
  return channelOptions;
}

function createMetadata(headers: Readonly<Record<string, string>>): Metadata {
  const metadata = new Metadata();
  for (const [name, value] of Object.entries(headers)) {
    try {
      metadata.add(name, value);
    } catch (error) {
      throw new Error(`invalid xDS client header '${name}': ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return metadata;
}
