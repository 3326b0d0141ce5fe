// Public types of @repo/endpoint (shapes of @octokit/endpoint's, written for this library).

/** Header values are kept as given (numbers, arrays and null survive). */
export type RequestHeaders = Record<string, unknown>;

export interface MediaType {
  /** Media type parameter such as `raw`, `diff` or `text+json`; amends the accept header. */
  format?: string;
  /** GraphQL preview names, applied only on urls ending in `/graphql`. */
  previews?: readonly string[];
}

/** Custom meta information, returned unchanged as `request`. */
export type RequestRequestOptions = Record<string, unknown>;

/** Options of endpoint(), merge() and defaults(). Any other key is a parameter. */
export interface EndpointOptions {
  method?: string;
  url?: string;
  baseUrl?: string;
  headers?: Record<string, unknown>;
  mediaType?: MediaType;
  request?: RequestRequestOptions;
  /** Sets the request body directly; all other remaining parameters are then dropped. */
  data?: unknown;
  [parameter: string]: unknown;
}

/** The result of merge(): defaults and options combined, nothing expanded yet. */
export interface MergedOptions extends EndpointOptions {
  method: string;
  baseUrl: string;
  headers: RequestHeaders;
  mediaType: MediaType;
}

/**
 * The result of endpoint() and parse(). `Method` is the method as the route or the merged
 * options name it (`"PATCH"`); the result carries it lowercase (`"patch"`).
 */
export interface RequestOptions<Method extends string = string> {
  /** Always lowercase (`get`, `patch`); `fetch` needs `PATCH` in capitals. */
  method: Lowercase<Method>;
  url: string;
  headers: RequestHeaders;
  body?: unknown;
  request?: RequestRequestOptions;
}
