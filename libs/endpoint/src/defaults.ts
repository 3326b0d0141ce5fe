import { getRuntimeUserAgent } from './get-runtime-user-agent';
import type { MergedOptions } from './types';
import { USER_AGENT_PRODUCT, VERSION } from './version';

/** `repo-endpoint.js/<version> <runtime>` (the product name must be a token). */
export const DEFAULT_USER_AGENT = `${USER_AGENT_PRODUCT}/${VERSION} ${getRuntimeUserAgent()}`;

/** The root defaults, in the reference's key order. Never written to. */
export const DEFAULTS: MergedOptions = {
  method: 'GET',
  baseUrl: 'https://api.github.com',
  headers: {
    accept: 'application/vnd.github.v3+json',
    'user-agent': DEFAULT_USER_AGENT,
  },
  mediaType: {
    format: '',
  },
};
