// What RateLimitService needs besides its collaborators; mapped once from Settings.
import type { HeaderNames } from './build-response-headers';

export interface RateLimitOptions {
  /** CACHE_KEY_PREFIX. */
  readonly cacheKeyPrefix: string;
  /** NEAR_LIMIT_RATIO. */
  readonly nearLimitRatio: number;
  /** SHADOW_MODE. */
  readonly isGlobalShadowMode: boolean;
  /** QUOTA_MODE. */
  readonly isGlobalQuotaMode: boolean;
  /** LIMIT_RESPONSE_HEADERS_ENABLED with the LIMIT_*_HEADER names; undefined = no headers. */
  readonly responseHeaders: HeaderNames | undefined;
  /** RESPONSE_DYNAMIC_METADATA. */
  readonly isDynamicMetadataEnabled: boolean;
}

export const RATE_LIMIT_OPTIONS = Symbol('RATE_LIMIT_OPTIONS');
export const HIT_COUNTER = Symbol('HIT_COUNTER');
