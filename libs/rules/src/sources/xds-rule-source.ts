// State-of-the-world ADS client for RateLimitConfig resources (envoy
// src/provider/xds_grpc_sotw_provider.go). Each DiscoveryResponse carries the whole rule set: its
// resources' bytes go to `compile` one set after the other (the service's decodes, converts and
// compiles them in a rules worker process: a 4 MiB set is seconds of compiling, which the serving
// thread must not do; docs/rules.md#where-rules-are-compiled), and the result is handed to
// onConfigs, which swaps it in. Without `compile` the set is decoded and converted here and
// onConfigs gets the configs to compile (tests and tools). The callback's result decides the answer:
// ACK (version + nonce) when it returns nothing, NACK (last ACKed version + nonce + error text)
// when it returns or throws an Error; the server then knows the last good rules are still active.
// A failed or ended stream is reopened after the jpillora-style backoff and resubscribes with the
// last ACKed version.
import type { Logger } from '../logger';
import { decodeRateLimitConfigs, rateLimitConfigBytes } from './decode-xds-resource';
import {
  createGrpcAdsConnector,
  type AdsStream,
  type OpenAdsStream,
  type XdsConnectionOptions,
} from './xds-ads-stream';
import { XdsBackoff, type XdsBackoffOptions } from './xds-backoff';
import type { RuleSet, RuleSource } from './rule-source';
import {
  RATE_LIMIT_CONFIG_TYPE_URL,
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
  /**
   * Decodes and compiles a set's RateLimitConfig resources (their bytes) off the serving thread;
   * `signal` ends when the source stops. Unset: decoded and converted here, compiled by onConfigs.
   */
  readonly compile?: (resources: readonly Uint8Array[], signal: AbortSignal) => Promise<RuleSet>;
}

/**
 * Receives each complete rule set. Return (or throw) an Error to reject it: the source NACKs
 * with `error.message`. Return nothing when the rules were applied: the source ACKs.
 */
export type XdsConfigsHandler = (
  configs: RuleSet,
  warnings?: readonly string[],
  version?: string,
) => void | Error;

const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class XdsRuleSource implements RuleSource {
  private readonly openStream: OpenAdsStream;
  private readonly backoff: XdsBackoff;
  private readonly logger: Logger;
  private readonly node: XdsNode;
  private readonly compile: NonNullable<XdsRuleSourceOptions['compile']>;
  private onConfigs: XdsConfigsHandler = () => undefined;
  private onError: (error: Error) => void = () => undefined;
  private stream: AdsStream | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private lastAckedVersion = '';
  private resolveStarted: (() => void) | undefined;
  /** The sets being compiled, in the order they arrived. */
  private compiling: Promise<void> = Promise.resolve();
  /** The newest response: an older one still waiting for its turn is skipped (each is the whole set). */
  private newest: XdsDiscoveryResponse | undefined;
  private readonly stopping = new AbortController();

  /** Throws on bad options (unreadable TLS files, illegal header names). */
  constructor(
    private readonly options: XdsRuleSourceOptions,
    openStream?: OpenAdsStream,
  ) {
    this.openStream = openStream ?? createGrpcAdsConnector(options);
    this.backoff = new XdsBackoff(options.backoff, options.random ?? Math.random);
    this.logger = options.logger ?? silentLogger;
    this.node = toNode(options.nodeId, options.nodeMetadata);
    // Without `compile`: the configs, for onConfigs to compile.
    this.compile = options.compile ?? decodeRateLimitConfigs;
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
    this.stopping.abort();
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
    let resources: Buffer[];
    try {
      resources = (response.resources ?? []).map(rateLimitConfigBytes);
    } catch (error) {
      return this.refuse(response, error as Error);
    }
    const stream = this.stream;
    this.newest = response;
    this.compiling = this.compiling.then(() => this.compileAndAnswer(resources, response, stream));
  }

  /** A set that could not be used: a failed load, and a NACK with its reason. */
  private refuse(response: XdsDiscoveryResponse, error: Error): void {
    this.onError(error);
    this.nack(response, error.message);
  }

  /**
   * Compiles (the service: in a worker), then swaps and answers on the stream that brought the set. A set
   * superseded before its turn is skipped unanswered: the server waits for the answer to its
   * newest nonce only. A stream replaced meanwhile gets no answer: its successor resubscribes with
   * the last ACKed version, and the server sends the set again.
   */
  private async compileAndAnswer(
    resources: readonly Buffer[],
    response: XdsDiscoveryResponse,
    stream: AdsStream | undefined,
  ): Promise<void> {
    if (response !== this.newest) return;
    let prepared: RuleSet;
    try {
      prepared = await this.compile(resources, this.stopping.signal);
    } catch (error) {
      if (!this.isRunning) return;
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.stream === stream) this.refuse(response, failure);
      else this.onError(failure);
      return;
    }
    if (this.isRunning && this.stream === stream) this.applyAndAnswer(prepared, response);
  }

  private applyAndAnswer(configs: RuleSet, response: XdsDiscoveryResponse): void {
    const rejection = this.applyConfigs(configs, response.versionInfo ?? '');
    if (rejection === undefined) this.ack(response);
    else this.nack(response, rejection.message);
  }

  private applyConfigs(configs: RuleSet, version: string): Error | undefined {
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

function toNode(id: string, metadata: Readonly<Record<string, string>>): XdsNode {
  const fields: Record<string, { stringValue: string }> = {};
  for (const [key, value] of Object.entries(metadata)) fields[key] = { stringValue: value };
  return { id, metadata: { fields } };
}
