// State-of-the-world ADS client for RateLimitConfig resources (envoy
// src/provider/xds_grpc_sotw_provider.go). Each DiscoveryResponse carries the whole rule set: it
// is decoded, converted with fromXdsConfig and handed to onConfigs, which compiles and swaps it
// (the registry stays the single place that compiles). The callback's result decides the answer:
// ACK (version + nonce) when it returns nothing, NACK (last ACKed version + nonce + error text)
// when it returns or throws an Error; the server then knows the last good rules are still active.
// A failed or ended stream is reopened after the jpillora-style backoff and resubscribes with the
// last ACKed version.
import type { Logger } from '../logger';
import type { RawDomainConfig } from '../raw-domain-config';
import { fromXdsConfig } from '../from-xds-config';
import {
  createGrpcAdsConnector,
  type AdsStream,
  type OpenAdsStream,
  type XdsConnectionOptions,
} from './xds-ads-stream';
import { XdsBackoff, type XdsBackoffOptions } from './xds-backoff';
import type { RuleSource } from './rule-source';
import {
  RATE_LIMIT_CONFIG_TYPE_URL,
  xdsProtos,
  type XdsAny,
  type XdsDiscoveryRequest,
  type XdsDiscoveryResponse,
  type XdsNode,
} from './xds-protos';

export interface XdsRuleSourceOptions extends XdsConnectionOptions {
  /** CONFIG_GRPC_XDS_NODE_ID. */
  readonly nodeId: string;
  /** CONFIG_GRPC_XDS_NODE_METADATA, sent as Node.metadata string values. */
  readonly nodeMetadata: Readonly<Record<string, string>>;
  /** XDS_CLIENT_BACKOFF_*: delay before reopening a failed stream. */
  readonly backoff: XdsBackoffOptions;
  /** [0, 1) source for the backoff jitter; Math.random by default. */
  readonly random?: () => number;
  readonly logger?: Logger;
}

/**
 * Receives each complete rule set. Return (or throw) an Error to reject it: the source NACKs
 * with `error.message`. Return nothing when the rules were applied: the source ACKs.
 */
export type XdsConfigsHandler = (
  configs: RawDomainConfig[],
  warnings?: readonly string[],
  version?: string,
) => void | Error;

const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class XdsRuleSource implements RuleSource {
  private readonly openStream: OpenAdsStream;
  private readonly backoff: XdsBackoff;
  private readonly logger: Logger;
  private readonly node: XdsNode;
  private onConfigs: XdsConfigsHandler = () => undefined;
  private onError: (error: Error) => void = () => undefined;
  private stream: AdsStream | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private lastAckedVersion = '';
  private resolveStarted: (() => void) | undefined;

  /** Throws on bad options (unreadable TLS files, illegal header names). */
  constructor(
    private readonly options: XdsRuleSourceOptions,
    openStream?: OpenAdsStream,
  ) {
    this.openStream = openStream ?? createGrpcAdsConnector(options);
    this.backoff = new XdsBackoff(options.backoff, options.random ?? Math.random);
    this.logger = options.logger ?? silentLogger;
    this.node = toNode(options.nodeId, options.nodeMetadata);
  }

  /**
   * Subscribes and resolves once the first response was applied (ACKed), or on stop(). It never
   * rejects: connection failures are retried forever, like envoy's provider. Callers that must
   * not wait (FORCE_START_WITHOUT_INITIAL_CONFIG=true) simply do not await it.
   */
  start(onConfigs: XdsConfigsHandler, onError: (error: Error) => void): Promise<void> {
    if (this.isRunning) throw new Error('xDS rule source is already started');
    this.isRunning = true;
    this.onConfigs = onConfigs;
    this.onError = onError;
    const started = new Promise<void>((resolve) => (this.resolveStarted = resolve));
    this.connect();
    return started;
  }

  async stop(): Promise<void> {
    this.isRunning = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.stream?.close();
    this.stream = undefined;
    this.markStarted();
  }

  private connect(): void {
    this.retryTimer = undefined;
    this.logger.info(`connecting to xDS server ${this.options.serverUrl}`);
    let stream: AdsStream | undefined;
    try {
      stream = this.openStream({
        onResponse: (response) => {
          if (this.stream === stream) this.handleResponse(response);
        },
        onClosed: (reason) => {
          if (this.stream === stream) this.reconnectLater(reason);
        },
      });
    } catch (error) {
      this.reconnectLater((error as Error).message);
      return;
    }
    this.stream = stream;
    // A new stream resubscribes with the version it already has and no nonce.
    this.send({ versionInfo: this.lastAckedVersion });
  }

  private reconnectLater(reason: string): void {
    this.stream?.close();
    this.stream = undefined;
    if (!this.isRunning) return;
    const delayMs = this.backoff.nextDelayMs();
    this.logger.warn(`xDS stream to ${this.options.serverUrl} closed (${reason}); retrying in ${delayMs} ms`);
    this.retryTimer = setTimeout(() => this.connect(), delayMs);
  }

  private handleResponse(response: XdsDiscoveryResponse): void {
    this.backoff.reset();
    if (response.typeUrl !== RATE_LIMIT_CONFIG_TYPE_URL) {
      this.logger.warn(`ignoring xDS response of type '${response.typeUrl ?? ''}'`);
      return;
    }
    let configs: RawDomainConfig[];
    try {
      configs = (response.resources ?? []).map(decodeResource);
    } catch (error) {
      this.onError(error as Error);
      this.nack(response, (error as Error).message);
      return;
    }
    const rejection = this.applyConfigs(configs, response.versionInfo ?? '');
    if (rejection === undefined) this.ack(response);
    else this.nack(response, rejection.message);
  }

  private applyConfigs(configs: RawDomainConfig[], version: string): Error | undefined {
    try {
      const result = this.onConfigs(configs, [], version);
      return result instanceof Error ? result : undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private ack(response: XdsDiscoveryResponse): void {
    this.lastAckedVersion = response.versionInfo ?? '';
    this.logger.info(`xDS rate limit config version '${this.lastAckedVersion}' applied (ACK)`);
    this.send({ versionInfo: this.lastAckedVersion, responseNonce: response.nonce ?? '' });
    this.markStarted();
  }

  private nack(response: XdsDiscoveryResponse, message: string): void {
    this.logger.error(
      `xDS rate limit config version '${response.versionInfo ?? ''}' rejected (NACK): ${message}`,
    );
    this.send({
      versionInfo: this.lastAckedVersion,
      responseNonce: response.nonce ?? '',
      errorDetail: { message },
    });
  }

  private send(fields: Pick<XdsDiscoveryRequest, 'versionInfo' | 'responseNonce' | 'errorDetail'>): void {
    this.stream?.write({ ...fields, node: this.node, typeUrl: RATE_LIMIT_CONFIG_TYPE_URL });
  }

  private markStarted(): void {
    this.resolveStarted?.();
    this.resolveStarted = undefined;
  }
}

function decodeResource(resource: XdsAny): RawDomainConfig {
  if (resource.type_url !== RATE_LIMIT_CONFIG_TYPE_URL) {
    throw new Error(
      `unexpected xDS resource type '${resource.type_url ?? ''}', expected '${RATE_LIMIT_CONFIG_TYPE_URL}'`,
    );
  }
  try {
    return fromXdsConfig(xdsProtos().rateLimitConfig.deserialize(resource.value ?? Buffer.alloc(0)));
  } catch (error) {
    throw new Error(`cannot decode xDS RateLimitConfig resource: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function toNode(id: string, metadata: Readonly<Record<string, string>>): XdsNode {
  const fields: Record<string, { stringValue: string }> = {};
  for (const [key, value] of Object.entries(metadata)) fields[key] = { stringValue: value };
  return { id, metadata: { fields } };
}
