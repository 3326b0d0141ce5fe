import { merge } from './merge';
import { parse } from './parse';
import type { EndpointInterface } from './endpoint-interface';
import type { MergedOptions } from './types';

/**
 * A new endpoint function whose DEFAULTS are merge(parentDefaults, newDefaults), so defaults
 * cascade to any depth and no level changes its parent. Every member is bound to those DEFAULTS;
 * `parse` is the one shared stateless function.
 */
export function withDefaults(parentDefaults: MergedOptions | null, newDefaults: unknown): EndpointInterface {
  const DEFAULTS = merge(parentDefaults, newDefaults);
  const endpoint = (route?: unknown, options?: unknown) => parse(merge(DEFAULTS, route, options));
  return Object.assign(endpoint, {
    DEFAULTS,
    defaults: (moreDefaults?: unknown) => withDefaults(DEFAULTS, moreDefaults),
    merge: (route?: unknown, options?: unknown) => merge(DEFAULTS, route, options),
    parse,
  }) as EndpointInterface;
}
