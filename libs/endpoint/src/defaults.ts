import { getRuntimeUserAgent } from './get-runtime-user-agent';
import type { MergedOptions } from './types';
import { PACKAGE_NAME, VERSION } from './version';

/** `@repo/endpoint/<version> <runtime>` (spec Part A.3). */
export const DEFAULT_USER_AGENT = `${PACKAGE_NAME}/${VERSION} ${getRuntimeUserAgent()}`;

/** The root defaults, in the reference's key order (spec §2). Never written to. */
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
