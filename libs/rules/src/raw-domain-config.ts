// The one shape that both rule sources produce (envoy config.YamlRoot): the YAML file parser and
// the xDS converter turn their input into RawDomainConfig, and compileSnapshot() validates it.
// Field names are the YAML names in camelCase; everything is optional here because validation
// (missing domain, missing key, bad unit, ...) belongs to the compiler, which reports it with
// the source name (file key or xDS resource name).

export interface RawReplaces {
  readonly name?: string;
}

export interface RawRateLimit {
  readonly unit?: string;
  readonly requestsPerUnit?: number;
  /** Opt-in (ours, YAML only): the window is `unit_multiplier` units long, e.g. 5 minutes. */
  readonly unitMultiplier?: number;
  readonly unlimited?: boolean;
  /** Ours, YAML only (docs/algorithms.md): `fixed_window` (default), `sliding_window`, `token_bucket`. */
  readonly algorithm?: string;
  /** Ours, YAML only (docs/rules.md#counting): `exact` (default) or `cached`. */
  readonly counting?: string;
  /** token_bucket only (ours): the bucket size, 1..4294967295 (default requests_per_unit). */
  readonly burst?: number;
  readonly name?: string;
  readonly replaces?: readonly RawReplaces[];
}

export interface RawDescriptor {
  readonly key?: string;
  readonly value?: string;
  readonly rateLimit?: RawRateLimit;
  /**
   * Ours, YAML only: several limits checked together on one node (never with `rateLimit`). A
   * `rate_limits` value that is not a list reads as an empty list, which the compiler refuses.
   */
  readonly rateLimits?: readonly RawRateLimit[];
  readonly descriptors?: readonly RawDescriptor[];
  readonly shadowMode?: boolean;
  readonly quotaMode?: boolean;
  readonly detailedMetric?: boolean;
  /** YAML only (not in the xDS proto). */
  readonly valueToMetric?: boolean;
  /** YAML only (not in the xDS proto). */
  readonly shareThreshold?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Line and column of the raw objects read from a file (a Map, or worked out when first asked). */
export interface SourcePositions {
  get(raw: object): { readonly line: number; readonly column: number } | undefined;
}

export interface RawDomainConfig {
  /** File key (e.g. `config.basic.yaml`), full path (config checker) or xDS resource name; prefixes every error. */
  readonly sourceName: string;
  readonly domain?: string;
  readonly descriptors?: readonly RawDescriptor[];
  /** Where the YAML parser knows them: line/column of nodes, for error messages (optional). */
  readonly positions?: SourcePositions;
  /**
   * Raw objects read from YAML that spans a syntax error: what the parser guessed, not what the
   * author wrote. The config checker reads past syntax errors and says nothing about these.
   */
  readonly guessed?: ReadonlySet<object>;
}
